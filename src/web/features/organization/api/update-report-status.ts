import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OrganizationReport } from '../../../../domain/organization-space'
import type { OrganizationSettableStatus } from '../../../../domain/report-states'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys, refreshQueries } from './query-keys'

export function updateReportStatus({ id, status }: { id: string; status: OrganizationSettableStatus }) {
  return authRequest<OrganizationReport>(`/api/org/reports/${id}`, { method: 'PATCH', json: { status } })
}

/** PATCH /api/org/reports/:id: the managing organisation sets en-attente, en-cours or resolu. */
export function useUpdateReportStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateReportStatus,
    onSettled: () => refreshQueries(queryClient, organizationKeys.managed(), organizationKeys.stats()),
  })
}
