import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminStats } from '../../../../domain/admin'
import { authRequest, sessionAuthorization } from '../../../lib/auth/auth-request'
import { earlyData } from '../../../lib/early-read'
import { adminKeys } from './query-keys'

export const ADMIN_STATS_PATH = '/api/admin/stats'

export function getAdminStats({ signal }: { signal?: AbortSignal } = {}): Promise<AdminStats> {
  return authRequest<AdminStats>(ADMIN_STATS_PATH, { signal })
}

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => getAdminStats({ signal }),
    ...earlyData<AdminStats>(ADMIN_STATS_PATH, sessionAuthorization),
  })

/** The dashboard's figures, computed by the server in one query (GET /api/admin/stats). */
export function useAdminStats() {
  return useQuery(adminStatsQueryOptions())
}
