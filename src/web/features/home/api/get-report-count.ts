import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { ReportCount } from '../../../../domain/report'
import { apiGet } from '../../../lib/api-client'
import { RENDERED_DATA_FRESH_MS } from '../../../lib/query-client'

export function getReportCount({
  signal,
  client,
}: {
  signal?: AbortSignal
  client?: QueryClient
} = {}): Promise<ReportCount> {
  return apiGet<ReportCount>('/api/reports/count', { signal, client })
}

export const reportCountQueryOptions = () =>
  queryOptions({
    queryKey: ['reports', 'count'],
    queryFn: ({ signal, client }) => getReportCount({ signal, client }),
    // The page arrived with it (first-screen.ts): no second request on the way in.
    staleTime: RENDERED_DATA_FRESH_MS,
  })

/** How many reports the department has (GET /api/reports/count). */
export function useReportCount() {
  return useQuery(reportCountQueryOptions())
}
