import { queryOptions } from '@tanstack/react-query'
import type { ReverseGeocode } from '../../domain/geocoding'
import { GEOCODE_CACHE_DECIMALS } from '../../domain/geocoding-rules'
import { apiGet } from './api-client'

export interface Coordinates {
  latitude: number
  longitude: number
}

/**
 * What is at these coordinates (GET /api/geocode/reverse, through our server and its cache):
 * one query for the report form's address and for the place names of report cards, so that a
 * place one of them asked is not asked again by the other. Here rather than in a feature: the
 * cards' place name is a shared component. `null` asks nothing.
 */
export const reverseGeocodeQueryOptions = (place: Coordinates | null) => {
  // Rounded as the server caches them (about 11 m): a pin nudged by a finger asks nothing new.
  const lat = place ? place.latitude.toFixed(GEOCODE_CACHE_DECIMALS) : ''
  const lon = place ? place.longitude.toFixed(GEOCODE_CACHE_DECIMALS) : ''
  return queryOptions({
    queryKey: ['geocode', lat, lon],
    queryFn: ({ signal, client }) =>
      apiGet<ReverseGeocode>(`/api/geocode/reverse?lat=${lat}&lon=${lon}`, { signal, client }),
    enabled: place !== null,
    // A place does not move: asked once per session. A 503 means no geocoder: the coordinates
    // are shown instead, no need to insist.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}
