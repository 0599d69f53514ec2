import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminReportDetail } from '../../../../domain/admin'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export function getAdminReport(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return authRequest<AdminReportDetail>(`/api/admin/reports/${encodeURIComponent(id)}`, { signal })
}

export const adminReportQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.report(id), queryFn: ({ signal }) => getAdminReport(id, { signal }) })

/** A report with its history and the messages sent about it (GET /api/admin/reports/:id). */
export function useAdminReport(id: string | null) {
  return useQuery({ ...adminReportQueryOptions(id ?? ''), enabled: id !== null })
}
