import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OrganizationProfile } from '../../../../domain/organization'
import { authRequest, sessionEarlyData } from '../../../lib/auth/auth-request'
import { organizationKeys } from './query-keys'

export const ORGANIZATION_PROFILE_PATH = '/api/org/me'

export function getProfile({ signal }: { signal?: AbortSignal } = {}) {
  return authRequest<OrganizationProfile>(ORGANIZATION_PROFILE_PATH, { signal })
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.profile(),
    queryFn: ({ signal }) => getProfile({ signal }),
    ...sessionEarlyData<OrganizationProfile>(ORGANIZATION_PROFILE_PATH),
  })

/** The signed-in organisation's profile and categories (GET /api/org/me). */
export function useProfile() {
  return useQuery(profileQueryOptions())
}
