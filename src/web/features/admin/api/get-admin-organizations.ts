import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminOrganization } from '../../../../domain/admin'
import type { Page } from '../../../../domain/pagination-rules'
import { authRequest } from '../../../lib/auth/auth-request'
import { type AdminOrganizationFilters, adminKeys, searchParams } from './query-keys'

export interface AdminOrganizationPage extends Page<AdminOrganization> {
  counts: {
    total: number
    approved: number
    pending: number
    suspended: number
    name_changes: number
    zone_changes: number
  }
}

export function getAdminOrganizations(
  filters: AdminOrganizationFilters,
  page: number,
  { signal, client }: { signal?: AbortSignal; client?: QueryClient } = {},
): Promise<AdminOrganizationPage> {
  const query = searchParams({ ...filters, page: page > 1 ? page : undefined })
  return authRequest<AdminOrganizationPage>(`/api/admin/organizations${query}`, { signal, client })
}

export const adminOrganizationsQueryOptions = (filters: AdminOrganizationFilters, page: number) =>
  queryOptions({
    queryKey: adminKeys.organizationList(filters, page),
    queryFn: ({ signal, client }) => getAdminOrganizations(filters, page, { signal, client }),
    placeholderData: keepPreviousData,
  })

/** One page of organisations with the four counts (GET /api/admin/organizations). */
export function useAdminOrganizations(filters: AdminOrganizationFilters, page: number) {
  return useQuery(adminOrganizationsQueryOptions(filters, page))
}
