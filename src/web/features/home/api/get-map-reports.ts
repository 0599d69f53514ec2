import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { MapReports } from '../../../../domain/map'
import { apiGet } from '../../../lib/api-client'

/** minLon,minLat,maxLon,maxLat */
export type Bbox = string

export const mapReportsQueryOptions = (bbox: Bbox | null) =>
  queryOptions({
    queryKey: ['reports', 'map', bbox],
    queryFn: ({ signal, client }) => apiGet<MapReports>(`/api/reports/map?bbox=${bbox}`, { signal, client }),
    enabled: bbox !== null,
    // Moving the map keeps the markers shown until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/** The reports in view, one by one or grouped by the server when dense (GET /api/reports/map). */
export function useMapReports(bbox: Bbox | null) {
  return useQuery(mapReportsQueryOptions(bbox))
}
