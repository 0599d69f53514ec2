import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminOrganization } from '../../../../domain/admin'
import type {
  NameChangeDecision,
  OrganizationStatus,
  ZoneChangeDecision,
} from '../../../../domain/organization-rules'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export interface AdminOrganizationChanges {
  status?: OrganizationStatus
  is_active?: boolean
  /** The new name the organisation asked for: taken, or refused. */
  name_change?: NameChangeDecision
  /** The new zone the organisation asked for: taken, or refused (issue 47). */
  zone_change?: ZoneChangeDecision
  /** The communes it covers; none: the whole department (issue 30). */
  areaIds?: number[]
}

export function updateAdminOrganization(id: string, changes: AdminOrganizationChanges) {
  // The organisation as the back-office shows it, after the change.
  return authRequest<AdminOrganization>(`/api/admin/organizations/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: changes,
  })
}

/**
 * Approves, reverts, rejects, suspends or reactivates an organisation, decides on the new name or
 * zone it asked for, or changes its zone (PATCH /api/admin/organizations/:id).
 */
export function useUpdateAdminOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AdminOrganizationChanges }) =>
      updateAdminOrganization(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.organizations() }),
  })
}
