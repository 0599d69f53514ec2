import type { AdminReportFilters } from '../../../../domain/admin'
import type { OrganizationListFilter } from '../../../../domain/organization'
import type { PageCursor } from '../../../../domain/pagination-rules'

export interface AdminOrganizationFilters {
  q?: string
  status?: OrganizationListFilter
}

/** Every admin query lives under ['admin'], so that a logout drops them all at once. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  sms: () => ['admin', 'sms'] as const,
  reports: () => ['admin', 'reports'] as const,
  reportList: (filters: AdminReportFilters, page: number, cursor: PageCursor = {}) =>
    ['admin', 'reports', 'list', filters, page, cursor] as const,
  report: (id: string) => ['admin', 'reports', 'detail', id] as const,
  eligibleOrganizations: (id: string) => ['admin', 'reports', 'eligible-organizations', id] as const,
  organizations: () => ['admin', 'organizations'] as const,
  organization: (id: string) => ['admin', 'organizations', 'detail', id] as const,
  organizationList: (filters: AdminOrganizationFilters, page: number) =>
    ['admin', 'organizations', 'list', filters, page] as const,
  users: () => ['admin', 'users'] as const,
  categories: () => ['admin', 'categories'] as const,
  areas: () => ['admin', 'areas'] as const,
  apiKeys: () => ['admin', 'api-keys'] as const,
}

/** A query string without the filters that mean "no filter" (empty text, "all"). */
export function searchParams(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === '' || value === 'all') continue
    params.set(key, String(value))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}
