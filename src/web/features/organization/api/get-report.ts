import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys } from './query-keys'

function getReport(id: string, { signal, client }: { signal?: AbortSignal; client?: QueryClient } = {}) {
  return authRequest<OrganizationReport>(`/api/org/reports/${encodeURIComponent(id)}`, { signal, client })
}

export const reportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.report(id),
    queryFn: ({ signal, client }) => getReport(id, { signal, client }),
  })

/** One report the organisation may see (chosen on its map). */
export function useReport(id: string) {
  return useQuery(reportQueryOptions(id))
}
