import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys, refreshQueries } from './query-keys'

export function claimReport(reportId: string) {
  return authRequest<OrganizationReport>(`/api/org/reports/${reportId}/claim`, { method: 'POST' })
}

/**
 * POST /api/org/reports/:id/claim. Won or lost, the lists are reloaded: the report leaves the
 * available list either way.
 */
export function useClaimReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: claimReport,
    onSettled: () =>
      refreshQueries(
        queryClient,
        organizationKeys.available(),
        organizationKeys.managed(),
        organizationKeys.stats(),
      ),
  })
}
