import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OwnOrganization, ProfileForm } from '../../../../domain/organization'
import { authRequest } from '../../../lib/auth/auth-request'
import { useSessionStore } from '../../../lib/auth/session-store'
import { organizationKeys } from './query-keys'

/** The profile's fields, or the zone alone (issue 30): `areaIds`, empty for the whole department. */
export type ProfileChanges = ProfileForm | { areaIds: number[] }

export function updateProfile(changes: ProfileChanges) {
  return authRequest<OwnOrganization>('/api/org/me', { method: 'PATCH', json: changes })
}

/** PATCH /api/org/me; the account line of the sidebar follows the new name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(organizationKeys.profile(), profile)
      const { user } = useSessionStore.getState()
      if (user) useSessionStore.setState({ user: { ...user, name: profile.name, email: profile.email } })
    },
  })
}
