import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { type PlaceSource, placeName } from '../../../domain/location'
import '../../i18n/deferred/fr'
import { reverseGeocodeQueryOptions } from '../../lib/reverse-geocode'

function needsGeocoding(
  report: PlaceSource,
): report is PlaceSource & { latitude: number; longitude: number } {
  return (
    !report.address?.trim() &&
    !report.department?.trim() &&
    typeof report.latitude === 'number' &&
    typeof report.longitude === 'number'
  )
}

/**
 * The place name of a report (SPEC.md section 2, the rule in src/domain): its address or
 * department, else the neighbourhood from reverse geocoding (through our server, cached), else
 * its coordinates with 4 decimals, else "Localisation non spécifiée" in the reader's language.
 */
export function usePlaceName(report: PlaceSource): string {
  const { t } = useTranslation('deferred')
  const { data } = useQuery(reverseGeocodeQueryOptions(needsGeocoding(report) ? report : null))
  return placeName(report, data?.address) ?? t('place.unknown')
}

export function PlaceName({ report }: { report: PlaceSource }) {
  return <>{usePlaceName(report)}</>
}
