import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { NearbyReports } from '../../../../domain/citizen'
import { GEOCODE_CACHE_DECIMALS } from '../../../../domain/geocoding-rules'
import { apiGet } from '../../../lib/api-client'
import { citizenHeaders, useCitizenDeviceStore } from '../../../lib/citizen-device'
import { citizenKeys } from './query-keys'

export interface NearbyPlace {
  categoryId: number
  latitude: number
  longitude: number
}

export const nearbyReportsQueryOptions = (place: NearbyPlace | null, token: string | null) => {
  // Rounded to about 11 m: a pin nudged by a finger asks nothing new.
  const lat = place?.latitude.toFixed(GEOCODE_CACHE_DECIMALS)
  const lon = place?.longitude.toFixed(GEOCODE_CACHE_DECIMALS)
  return queryOptions({
    queryKey: citizenKeys.nearby(place?.categoryId, lat, lon, token),
    queryFn: ({ signal }) =>
      apiGet<NearbyReports>(`/api/reports/nearby?categoryId=${place?.categoryId}&lat=${lat}&lon=${lon}`, {
        headers: citizenHeaders(token),
        signal,
      }),
    enabled: place !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // Offline or unanswered, the form simply goes on without the suggestion.
    retry: false,
  })
}

/** The open reports of this category within 100 m of the pin (GET /api/reports/nearby). */
export function useNearbyReports(place: NearbyPlace | null) {
  const token = useCitizenDeviceStore((state) => state.citizenToken)
  return useQuery(nearbyReportsQueryOptions(place, token))
}
