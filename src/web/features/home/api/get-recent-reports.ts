import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RecentReport } from '../../../../domain/report'
import { apiGet } from '../../../lib/api-client'

export function getRecentReports({ signal }: { signal?: AbortSignal } = {}): Promise<RecentReport[]> {
  return apiGet<RecentReport[]>('/api/reports/recent', { signal })
}

export const recentReportsQueryOptions = () =>
  queryOptions({
    queryKey: ['reports', 'recent'],
    queryFn: ({ signal }) => getRecentReports({ signal }),
  })

/** The newest reports of the department (GET /api/reports/recent). */
export function useRecentReports() {
  return useQuery(recentReportsQueryOptions())
}
