import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OrganizationReport } from '../../../../domain/organization-space'
import type { OrganizationSettableStatus } from '../../../../domain/report-states'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys, refreshQueries } from './query-keys'

export function updateReportStatus({ id, status }: { id: string; status: OrganizationSettableStatus }) {
  return authRequest<OrganizationReport>(`/api/org/reports/${id}`, { method: 'PATCH', json: { status } })
}

/** A responsable hands the report to a member of the organisation, or takes it back (null). */
export function handOverReport({ id, assigneeId }: { id: string; assigneeId: string | null }) {
  return authRequest<OrganizationReport>(`/api/org/reports/${id}`, {
    method: 'PATCH',
    json: { assignee_id: assigneeId },
  })
}

/** PATCH /api/org/reports/:id {assignee_id}: the member who will go. */
export function useHandOverReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: handOverReport,
    onSettled: () => refreshQueries(queryClient, organizationKeys.managed()),
  })
}

/** PATCH /api/org/reports/:id: the managing organisation sets en-attente, en-cours or resolu. */
export function useUpdateReportStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateReportStatus,
    onSettled: () => refreshQueries(queryClient, organizationKeys.managed(), organizationKeys.stats()),
  })
}
