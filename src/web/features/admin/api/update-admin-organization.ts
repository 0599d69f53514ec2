import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OrganizationStatus } from '../../../../domain/organization'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export interface AdminOrganizationChanges {
  status?: OrganizationStatus
  is_active?: boolean
}

export function updateAdminOrganization(id: string, changes: AdminOrganizationChanges) {
  return authRequest<{ id: string; status: string; is_active: boolean }>(
    `/api/admin/organizations/${encodeURIComponent(id)}`,
    { method: 'PATCH', json: changes },
  )
}

/** Approves, reverts, rejects, suspends or reactivates an organisation (PATCH /api/admin/organizations/:id). */
export function useUpdateAdminOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AdminOrganizationChanges }) =>
      updateAdminOrganization(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.organizations() }),
  })
}
