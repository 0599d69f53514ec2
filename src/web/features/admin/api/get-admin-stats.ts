import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminStats } from '../../../../domain/admin'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export const ADMIN_STATS_PATH = '/api/admin/stats'

export function getAdminStats({
  signal,
  client,
}: {
  signal?: AbortSignal
  client?: QueryClient
} = {}): Promise<AdminStats> {
  return authRequest<AdminStats>(ADMIN_STATS_PATH, { signal, client })
}

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal, client }) => getAdminStats({ signal, client }),
  })

/** The dashboard's figures, computed by the server in one query (GET /api/admin/stats). */
export function useAdminStats() {
  return useQuery(adminStatsQueryOptions())
}
