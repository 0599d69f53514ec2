import { useQuery } from '@tanstack/react-query'
import { type PlaceSource, placeName } from '../../../domain/location'
import { useDomainText } from '../../i18n/domain-text'
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
 * its coordinates with 4 decimals.
 */
export function usePlaceName(report: PlaceSource): string {
  const { data } = useQuery(reverseGeocodeQueryOptions(needsGeocoding(report) ? report : null))
  // The fallback text ("Localisation non spécifiée") in the reader's language.
  return useDomainText()(placeName(report, data?.address))
}

export function PlaceName({ report }: { report: PlaceSource }) {
  return <>{usePlaceName(report)}</>
}
