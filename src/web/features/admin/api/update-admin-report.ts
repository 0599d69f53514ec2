import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminReportDetail, UpdateAdminReport } from '../../../../domain/admin'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

/** What PATCH /api/admin/reports/:id takes: the API's own type (domain/admin.ts). */
export type AdminReportChanges = UpdateAdminReport

export function updateAdminReport(id: string, changes: AdminReportChanges) {
  return authRequest<AdminReportDetail>(`/api/admin/reports/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: changes,
  })
}

/** Sets a report's priority, status or organisation (PATCH /api/admin/reports/:id); lists and figures reload. */
export function useUpdateAdminReport(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: AdminReportChanges) => updateAdminReport(id, changes),
    onSuccess: async (report) => {
      queryClient.setQueryData(adminKeys.report(id), report)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminKeys.reports(), 'list'] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats() }),
      ])
    },
  })
}
