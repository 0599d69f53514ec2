import { queryOptions, useQuery } from '@tanstack/react-query'
import { FIRST_SCREEN_FRESH_MS } from '../../../../domain/first-screen'
import type { ReportCount } from '../../../../domain/report'
import { apiGet } from '../../../lib/api-client'

export function getReportCount({ signal }: { signal?: AbortSignal } = {}): Promise<ReportCount> {
  return apiGet<ReportCount>('/api/reports/count', { signal })
}

export const reportCountQueryOptions = () =>
  queryOptions({
    queryKey: ['reports', 'count'],
    queryFn: ({ signal }) => getReportCount({ signal }),
    // The page arrived with it (first-screen.ts): no second request on the way in.
    staleTime: FIRST_SCREEN_FRESH_MS,
  })

/** How many reports the department has (GET /api/reports/count). */
export function useReportCount() {
  return useQuery(reportCountQueryOptions())
}
