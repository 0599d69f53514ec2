import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicStats } from '../../../../domain/public-data'
import { STATS_PAGE_ORGANIZATIONS } from '../../../../domain/public-data-rules'
import { apiGet } from '../../../lib/api-client'
import { RENDERED_DATA_FRESH_MS } from '../../../lib/query-client'
import { citizenKeys } from './query-keys'

export const publicStatsQueryOptions = () =>
  queryOptions({
    queryKey: citizenKeys.statistics(),
    queryFn: ({ signal, client }) =>
      apiGet<PublicStats>(`/api/public/stats?organizations=${STATS_PAGE_ORGANIZATIONS}`, { signal, client }),
    // The page arrived with it: no second request on the way in.
    staleTime: RENDERED_DATA_FRESH_MS,
  })

/** The public statistics of /statistiques (GET /api/public/stats), with the organisations it shows. */
export function usePublicStats() {
  return useQuery(publicStatsQueryOptions())
}
