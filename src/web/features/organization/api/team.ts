import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  Invitation,
  InvitationLink,
  InviteMemberInput,
  Member,
  UpdateMemberInput,
} from '../../../../domain/team'
import { apiGet, apiRequest } from '../../../lib/api-client'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys } from './query-keys'

/** A member just invited, or invited again, with the one-time link to hand them. */
export interface InvitedMember {
  member: Member
  invitation: InvitationLink
}

export function getMembers({ signal, client }: { signal?: AbortSignal; client?: QueryClient } = {}) {
  return authRequest<{ items: Member[] }>('/api/org/members', { signal, client })
}

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.members(),
    queryFn: ({ signal, client }) => getMembers({ signal, client }),
  })

/** The organisation's team, responsables first (GET /api/org/members, a responsable's). */
export function useMembers() {
  return useQuery(membersQueryOptions())
}

/** A change to the team: the list is asked for again (the live stream tells the other screens). */
function useTeamMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.members() }),
  })
}

/** POST /api/org/members: the person is invited (with the responsable's password); the answer carries their link. */
export function useInviteMember() {
  return useTeamMutation((input: InviteMemberInput) =>
    authRequest<InvitedMember>('/api/org/members', { method: 'POST', json: input }),
  )
}

/**
 * POST /api/org/members/:id/invitation: a new link, for someone who has not accepted yet (with the
 * responsable's password).
 */
export function useReinviteMember() {
  return useTeamMutation(({ id, currentPassword }: { id: string; currentPassword: string }) =>
    authRequest<InvitedMember>(`/api/org/members/${id}/invitation`, {
      method: 'POST',
      json: { currentPassword },
    }),
  )
}

/**
 * PATCH /api/org/members/:id: a name, a role, or the member disabled (an invitation withdrawn) or
 * enabled; with the responsable's password when the change needs it (memberChangeNeedsPassword).
 */
export function useUpdateMember() {
  return useTeamMutation(({ id, ...changes }: UpdateMemberInput & { id: string }) =>
    authRequest<Member>(`/api/org/members/${id}`, { method: 'PATCH', json: changes }),
  )
}

const invitationPath = (token: string) => `/api/org/invitations/${encodeURIComponent(token)}`

/** What an invitation's page shows (no session: the link is the permission). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => apiGet<Invitation>(invitationPath(token), { signal }),
    retry: false,
  })
}

/** POST /api/org/invitations/:token: the invited person's password; they may then sign in. */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ ok: true }>(invitationPath(token), { method: 'POST', json: { password } }),
  })
}
