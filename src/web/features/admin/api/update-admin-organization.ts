import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { NameChangeDecision, OrganizationStatus } from '../../../../domain/organization'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export interface AdminOrganizationChanges {
  status?: OrganizationStatus
  is_active?: boolean
  /** The new name the organisation asked for: taken, or refused. */
  name_change?: NameChangeDecision
  /** The communes it covers; none: the whole department (issue 30). */
  areaIds?: number[]
}

export function updateAdminOrganization(id: string, changes: AdminOrganizationChanges) {
  return authRequest<{
    id: string
    name: string
    pending_name: string | null
    status: string
    is_active: boolean
  }>(`/api/admin/organizations/${encodeURIComponent(id)}`, { method: 'PATCH', json: changes })
}

/**
 * Approves, reverts, rejects, suspends or reactivates an organisation, decides on the new name it
 * asked for, or changes its zone (PATCH /api/admin/organizations/:id).
 */
export function useUpdateAdminOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AdminOrganizationChanges }) =>
      updateAdminOrganization(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.organizations() }),
  })
}
