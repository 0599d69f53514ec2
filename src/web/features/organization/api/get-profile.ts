import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OrganizationProfile } from '../../../../domain/organization'
import { authRequest, sessionAuthorization } from '../../../lib/auth/auth-request'
import { earlyData } from '../../../lib/early-read'
import { organizationKeys } from './query-keys'

export const ORGANIZATION_PROFILE_PATH = '/api/org/me'

export function getProfile({ signal }: { signal?: AbortSignal } = {}) {
  return authRequest<OrganizationProfile>(ORGANIZATION_PROFILE_PATH, { signal })
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.profile(),
    queryFn: ({ signal }) => getProfile({ signal }),
    ...earlyData<OrganizationProfile>(ORGANIZATION_PROFILE_PATH, sessionAuthorization),
  })

/** The signed-in organisation's profile and categories (GET /api/org/me). */
export function useProfile() {
  return useQuery(profileQueryOptions())
}
