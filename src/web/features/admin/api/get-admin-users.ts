import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminUser } from '../../../../domain/admin'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export interface AdminUsers {
  items: AdminUser[]
  counts: { total: number; active: number }
}

export function getAdminUsers({
  signal,
  client,
}: {
  signal?: AbortSignal
  client?: QueryClient
} = {}): Promise<AdminUsers> {
  return authRequest<AdminUsers>('/api/admin/users', { signal, client })
}

export const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.users(),
    queryFn: ({ signal, client }) => getAdminUsers({ signal, client }),
  })

/** Every super administrator, with the counts (GET /api/admin/users): a handful of rows. */
export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions())
}
