import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { OrganizationReport } from '../../../../domain/organization-space'
import type { Page } from '../../../../domain/pagination-rules'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys } from './query-keys'

/** GET /api/org/reports/available for one search and page. */
export function availableReportsPath(q: string, page: number): string {
  const params = new URLSearchParams({ page: String(page) })
  if (q) params.set('q', q)
  return `/api/org/reports/available?${params}`
}

export function getAvailableReports(
  q: string,
  page: number,
  { signal, client }: { signal?: AbortSignal; client?: QueryClient } = {},
) {
  return authRequest<Page<OrganizationReport>>(availableReportsPath(q, page), { signal, client })
}

export const availableReportsQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: organizationKeys.availablePage(q, page),
    queryFn: ({ signal, client }) => getAvailableReports(q, page, { signal, client }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

/** Unassigned reports in the organisation's categories, 8 a page, searched on the server. */
export function useAvailableReports(q: string, page: number) {
  return useQuery(availableReportsQueryOptions(q, page))
}
