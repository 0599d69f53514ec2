import { useQuery } from '@tanstack/react-query'
import type { EligibleOrganizations } from '../../../../domain/admin'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

/**
 * The organisations a report may be assigned to: approved, active and in charge of its category
 * (GET /api/admin/reports/:id/eligible-organizations).
 */
export function useEligibleOrganizations(reportId: string) {
  return useQuery({
    queryKey: adminKeys.eligibleOrganizations(reportId),
    queryFn: ({ signal, client }) =>
      authRequest<EligibleOrganizations>(
        `/api/admin/reports/${encodeURIComponent(reportId)}/eligible-organizations`,
        { signal, client },
      ),
  })
}
