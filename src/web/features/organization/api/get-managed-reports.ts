import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { OVERDUE_FILTER } from '../../../../domain/overdue'
import type { Page } from '../../../../domain/pagination-rules'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys } from './query-keys'

export interface ManagedFilters {
  q: string
  /** 'all' or one of the statuses an organisation sets. */
  status: string
  /** Whose: the signed-in member's, or nobody's (issue 29); every report when absent. */
  assignee?: 'me' | 'none'
  /** The late reports only (issue 30); every report when absent. */
  overdue?: true
  page: number
}

/** GET /api/org/reports/managed for these filters. */
export function managedReportsPath(filters: ManagedFilters): string {
  const params = new URLSearchParams({ page: String(filters.page) })
  if (filters.q) params.set('q', filters.q)
  if (filters.status !== 'all') params.set('status', filters.status)
  if (filters.assignee) params.set('assignee', filters.assignee)
  if (filters.overdue) params.set('overdue', OVERDUE_FILTER)
  return `/api/org/reports/managed?${params}`
}

export function getManagedReports(
  filters: ManagedFilters,
  { signal, client }: { signal?: AbortSignal; client?: QueryClient } = {},
) {
  return authRequest<Page<OrganizationReport>>(managedReportsPath(filters), { signal, client })
}

export const managedReportsQueryOptions = (filters: ManagedFilters) =>
  queryOptions({
    queryKey: organizationKeys.managedPage(filters),
    queryFn: ({ signal, client }) => getManagedReports(filters, { signal, client }),
    placeholderData: keepPreviousData,
  })

/** The reports the organisation manages, newest claim first, 8 a page. */
export function useManagedReports(filters: ManagedFilters) {
  return useQuery(managedReportsQueryOptions(filters))
}
