import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminReportDetail } from '../../../../domain/admin'
import type { ReportPriority, ReportStatus } from '../../../../domain/report-states'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export interface AdminReportChanges {
  priority?: ReportPriority
  status?: ReportStatus
  /** Required with the status rejete: sent to the filing device, shown in the public history. */
  reason?: string
  /** Assigns the report to this organisation (one of its eligible organisations). */
  organization_id?: string
}

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
