import { useMutation } from '@tanstack/react-query'
import type { Session } from '../../../../domain/auth'
import { authRequest } from '../../../lib/auth/auth-request'
import { useSessionStore } from '../../../lib/auth/session-store'

export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return authRequest<Session>('/api/auth/password', { method: 'POST', json: input })
}

/**
 * POST /api/auth/password. The server ends every other session and opens a new one for this
 * browser: it is adopted at once, or the next call would be refused.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (session) => useSessionStore.getState().setSession(session),
  })
}
