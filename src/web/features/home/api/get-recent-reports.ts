import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { RecentReport } from '../../../../domain/report'
import { apiGet } from '../../../lib/api-client'
import { RENDERED_DATA_FRESH_MS } from '../../../lib/query-client'

export function getRecentReports({
  signal,
  client,
}: {
  signal?: AbortSignal
  client?: QueryClient
} = {}): Promise<RecentReport[]> {
  return apiGet<RecentReport[]>('/api/reports/recent', { signal, client })
}

export const recentReportsQueryOptions = () =>
  queryOptions({
    queryKey: ['reports', 'recent'],
    queryFn: ({ signal, client }) => getRecentReports({ signal, client }),
    // The page arrived with it (first-screen.ts): no second request on the way in.
    staleTime: RENDERED_DATA_FRESH_MS,
  })

/** The newest reports of the department (GET /api/reports/recent). */
export function useRecentReports() {
  return useQuery(recentReportsQueryOptions())
}
