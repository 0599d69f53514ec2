import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AdminUser, createAdminUserSchema } from '../../../../domain/admin'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export type CreateAdminUserInput = z.infer<typeof createAdminUserSchema>

export function createAdminUser(input: CreateAdminUserInput) {
  return authRequest<AdminUser>('/api/admin/users', { method: 'POST', json: input })
}

/** Creates a super administrator (POST /api/admin/users); the server hashes the password. */
export function useCreateAdminUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  })
}
