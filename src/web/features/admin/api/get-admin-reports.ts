import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminReport, AdminReportFilters } from '../../../../domain/admin'
import type { Page } from '../../../../domain/pagination-rules'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys, searchParams } from './query-keys'

/** GET /api/admin/reports for these filters and page. */
export function adminReportsPath(filters: AdminReportFilters, page: number): string {
  return `/api/admin/reports${searchParams({ ...filters, page: page > 1 ? page : undefined })}`
}

export function getAdminReports(
  filters: AdminReportFilters,
  page: number,
  { signal, client }: { signal?: AbortSignal; client?: QueryClient } = {},
): Promise<Page<AdminReport>> {
  return authRequest<Page<AdminReport>>(adminReportsPath(filters, page), { signal, client })
}

export const adminReportsQueryOptions = (filters: AdminReportFilters, page: number) =>
  queryOptions({
    queryKey: adminKeys.reportList(filters, page),
    queryFn: ({ signal, client }) => getAdminReports(filters, page, { signal, client }),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

/** One page of reports, searched and filtered by the server (GET /api/admin/reports). */
export function useAdminReports(filters: AdminReportFilters, page: number) {
  return useQuery(adminReportsQueryOptions(filters, page))
}
