import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { OwnOrganization } from '../../../../domain/organization'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys } from './query-keys'

export const ORGANIZATION_PROFILE_PATH = '/api/org/me'

export function getProfile({ signal, client }: { signal?: AbortSignal; client?: QueryClient } = {}) {
  return authRequest<OwnOrganization>(ORGANIZATION_PROFILE_PATH, { signal, client })
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.profile(),
    queryFn: ({ signal, client }) => getProfile({ signal, client }),
  })

/** The signed-in organisation's profile and categories (GET /api/org/me). */
export function useProfile() {
  return useQuery(profileQueryOptions())
}
