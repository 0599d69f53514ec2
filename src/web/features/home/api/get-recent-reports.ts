import { queryOptions, useQuery } from '@tanstack/react-query'
import { FIRST_SCREEN_FRESH_MS } from '../../../../domain/first-screen'
import type { RecentReport } from '../../../../domain/report'
import { apiGet } from '../../../lib/api-client'

export function getRecentReports({ signal }: { signal?: AbortSignal } = {}): Promise<RecentReport[]> {
  return apiGet<RecentReport[]>('/api/reports/recent', { signal })
}

export const recentReportsQueryOptions = () =>
  queryOptions({
    queryKey: ['reports', 'recent'],
    queryFn: ({ signal }) => getRecentReports({ signal }),
    // The page arrived with it (first-screen.ts): no second request on the way in.
    staleTime: FIRST_SCREEN_FRESH_MS,
  })

/** The newest reports of the department (GET /api/reports/recent). */
export function useRecentReports() {
  return useQuery(recentReportsQueryOptions())
}
