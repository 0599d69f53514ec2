import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminStats } from '../../../../domain/admin'
import { authRequest, sessionEarlyData } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export const ADMIN_STATS_PATH = '/api/admin/stats'

export function getAdminStats({ signal }: { signal?: AbortSignal } = {}): Promise<AdminStats> {
  return authRequest<AdminStats>(ADMIN_STATS_PATH, { signal })
}

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => getAdminStats({ signal }),
    ...sessionEarlyData<AdminStats>(ADMIN_STATS_PATH),
  })

/** The dashboard's figures, computed by the server in one query (GET /api/admin/stats). */
export function useAdminStats() {
  return useQuery(adminStatsQueryOptions())
}
