import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { type PlaceSource, placeName, placeNeedsGeocoding } from '../../../domain/place'
import '../../i18n/deferred/fr'
import { reverseGeocodeQueryOptions } from '../../lib/reverse-geocode'

/**
 * The place name of a report (the rule in src/domain's placeName): its address, else its
 * commune and coordinates, else the neighbourhood from reverse geocoding (through our server,
 * cached), else its department and coordinates, else "Localisation non spécifiée" in the
 * reader's language.
 */
export function usePlaceName(report: PlaceSource): string {
  const { t } = useTranslation('deferred')
  const { data } = useQuery(reverseGeocodeQueryOptions(placeNeedsGeocoding(report) ? report : null))
  return placeName(report, data?.address) ?? t('place.unknown')
}

export function PlaceName({ report }: { report: PlaceSource }) {
  return <>{usePlaceName(report)}</>
}
