import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminReportDetail } from '../../../../domain/admin'
import type { ReportPriority, ReportStatus } from '../../../../domain/report-states'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export interface AdminReportChanges {
  priority?: ReportPriority
  status?: ReportStatus
}

export function updateAdminReport(id: string, changes: AdminReportChanges) {
  return authRequest<AdminReportDetail>(`/api/admin/reports/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: changes,
  })
}

/** Sets a report's priority or status (PATCH /api/admin/reports/:id); lists and figures reload. */
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
