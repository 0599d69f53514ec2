import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminReportDetail } from '../../../../domain/admin'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export function getAdminReport(
  id: string,
  { signal, client }: { signal?: AbortSignal; client?: QueryClient } = {},
) {
  return authRequest<AdminReportDetail>(`/api/admin/reports/${encodeURIComponent(id)}`, { signal, client })
}

export const adminReportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.report(id),
    queryFn: ({ signal, client }) => getAdminReport(id, { signal, client }),
  })

/** A report with its history and the messages sent about it (GET /api/admin/reports/:id). */
export function useAdminReport(id: string | null) {
  return useQuery({ ...adminReportQueryOptions(id ?? ''), enabled: id !== null })
}
