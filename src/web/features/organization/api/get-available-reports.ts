import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { OVERDUE_FILTER } from '../../../../domain/overdue'
import type { Page, PageCursor } from '../../../../domain/pagination-rules'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys } from './query-keys'

/**
 * GET /api/org/reports/available for one search and page, and a search's cursor leading to it; the
 * late reports only with `overdueOnly` (issue 30).
 */
export function availableReportsPath(
  q: string,
  page: number,
  cursor: PageCursor = {},
  overdueOnly = false,
): string {
  const params = new URLSearchParams({ page: String(page) })
  if (q) params.set('q', q)
  if (overdueOnly) params.set('overdue', OVERDUE_FILTER)
  if (cursor.after) params.set('after', cursor.after)
  if (cursor.before) params.set('before', cursor.before)
  return `/api/org/reports/available?${params}`
}

export function getAvailableReports(
  q: string,
  page: number,
  cursor: PageCursor,
  overdueOnly: boolean,
  { signal, client }: { signal?: AbortSignal; client?: QueryClient } = {},
) {
  return authRequest<Page<OrganizationReport>>(availableReportsPath(q, page, cursor, overdueOnly), {
    signal,
    client,
  })
}

export const availableReportsQueryOptions = (
  q: string,
  page: number,
  cursor: PageCursor = {},
  overdueOnly = false,
) =>
  queryOptions({
    queryKey: organizationKeys.availablePage(q, page, cursor, overdueOnly),
    queryFn: ({ signal, client }) => getAvailableReports(q, page, cursor, overdueOnly, { signal, client }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

/** Unassigned reports in the organisation's categories, 8 a page, searched on the server. */
export function useAvailableReports(q: string, page: number, cursor: PageCursor = {}, overdueOnly = false) {
  return useQuery(availableReportsQueryOptions(q, page, cursor, overdueOnly))
}
