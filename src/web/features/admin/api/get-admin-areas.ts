import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminAreas } from '../../../../domain/area'
import { AREA_RECOUNT_POLL_MS } from '../../../../domain/area-rules'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export function getAdminAreas({
  signal,
  client,
}: {
  signal?: AbortSignal
  client?: QueryClient
} = {}): Promise<AdminAreas> {
  return authRequest<AdminAreas>('/api/admin/areas', { signal, client })
}

export const adminAreasQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.areas(),
    queryFn: ({ signal, client }) => getAdminAreas({ signal, client }),
    // Asked again until the reports' communes are recounted after an import, so that the screen
    // says when it is over.
    refetchInterval: (query) => (query.state.data?.recounting ? AREA_RECOUNT_POLL_MS : false),
  })

/**
 * The 19 communes with their centre, radius and imported limits, and whether the reports' communes
 * are being recounted (GET /api/admin/areas).
 */
export function useAdminAreas() {
  return useQuery(adminAreasQueryOptions())
}
