import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminReport, AdminReportFilters } from '../../../../domain/admin'
import type { Page, PageCursor } from '../../../../domain/pagination-rules'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys, searchParams } from './query-keys'

/** GET /api/admin/reports for these filters and page, and a search's cursor leading to it. */
export function adminReportsPath(filters: AdminReportFilters, page: number, cursor: PageCursor = {}): string {
  return `/api/admin/reports${searchParams({
    ...filters,
    page: page > 1 ? page : undefined,
    after: cursor.after,
    before: cursor.before,
  })}`
}

export function getAdminReports(
  filters: AdminReportFilters,
  page: number,
  cursor: PageCursor,
  { signal, client }: { signal?: AbortSignal; client?: QueryClient } = {},
): Promise<Page<AdminReport>> {
  return authRequest<Page<AdminReport>>(adminReportsPath(filters, page, cursor), { signal, client })
}

export const adminReportsQueryOptions = (
  filters: AdminReportFilters,
  page: number,
  cursor: PageCursor = {},
) =>
  queryOptions({
    queryKey: adminKeys.reportList(filters, page, cursor),
    queryFn: ({ signal, client }) => getAdminReports(filters, page, cursor, { signal, client }),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

/** One page of reports, searched and filtered by the server (GET /api/admin/reports). */
export function useAdminReports(filters: AdminReportFilters, page: number, cursor: PageCursor = {}) {
  return useQuery(adminReportsQueryOptions(filters, page, cursor))
}
