import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { OrganizationStats } from '../../../../domain/organization-space'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys } from './query-keys'

export const ORGANIZATION_STATS_PATH = '/api/org/stats'

export function getStats({ signal, client }: { signal?: AbortSignal; client?: QueryClient } = {}) {
  return authRequest<OrganizationStats>(ORGANIZATION_STATS_PATH, { signal, client })
}

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.stats(),
    queryFn: ({ signal, client }) => getStats({ signal, client }),
  })

/** The counts of the reports the organisation manages and of the messages it sent (GET /api/org/stats). */
export function useStats() {
  return useQuery(statsQueryOptions())
}
