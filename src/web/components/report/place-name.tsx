import { useQuery } from '@tanstack/react-query'
import type { ReverseGeocode } from '../../../domain/geocoding'
import { GEOCODE_CACHE_DECIMALS } from '../../../domain/geocoding-rules'
import { type PlaceSource, placeName } from '../../../domain/location'
import { useDomainText } from '../../i18n/domain-text'
import { apiGet } from '../../lib/api-client'

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
  const lookUp = needsGeocoding(report)
  const lat = lookUp ? report.latitude.toFixed(GEOCODE_CACHE_DECIMALS) : ''
  const lon = lookUp ? report.longitude.toFixed(GEOCODE_CACHE_DECIMALS) : ''
  const { data } = useQuery({
    queryKey: ['geocode', lat, lon],
    queryFn: ({ signal }) => apiGet<ReverseGeocode>(`/api/geocode/reverse?lat=${lat}&lon=${lon}`, { signal }),
    enabled: lookUp,
    // A place does not move: ask once per session, and do not insist when no geocoder answers.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  // The fallback text ("Localisation non spécifiée") in the reader's language.
  return useDomainText()(placeName(report, data?.address))
}

export function PlaceName({ report }: { report: PlaceSource }) {
  return <>{usePlaceName(report)}</>
}
