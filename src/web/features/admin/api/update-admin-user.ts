import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AdminUser, updateAdminUserSchema } from '../../../../domain/admin'
import { authRequest } from '../../../lib/auth/auth-request'
import { useSessionStore } from '../../../lib/auth/session-store'
import { adminKeys } from './query-keys'

export type AdminUserChanges = z.infer<typeof updateAdminUserSchema>

export function updateAdminUser(id: string, changes: AdminUserChanges) {
  return authRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: changes,
  })
}

/**
 * Edits a super administrator (PATCH /api/admin/users/:id); the last active one stays active.
 * An administrator who edits their own account sees the new name in the sidebar at once.
 */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AdminUserChanges }) => updateAdminUser(id, changes),
    onSuccess: (saved) => {
      const { user } = useSessionStore.getState()
      if (user?.id === saved.id) {
        useSessionStore.setState({
          user: { ...user, name: saved.name, email: saved.email, username: saved.username },
        })
      }
      return queryClient.invalidateQueries({ queryKey: adminKeys.users() })
    },
  })
}
