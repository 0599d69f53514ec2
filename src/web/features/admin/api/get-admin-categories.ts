import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminCategory } from '../../../../domain/admin'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export function getAdminCategories({
  signal,
  client,
}: {
  signal?: AbortSignal
  client?: QueryClient
} = {}): Promise<AdminCategory[]> {
  return authRequest<AdminCategory[]>('/api/admin/categories', { signal, client })
}

export const adminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.categories(),
    queryFn: ({ signal, client }) => getAdminCategories({ signal, client }),
  })

/**
 * The categories with their claim and resolve targets (GET /api/admin/categories), in the order of
 * the public list: a handful of rows.
 */
export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions())
}
