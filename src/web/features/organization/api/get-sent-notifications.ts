import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SentNotifications } from '../../../../domain/organization-space'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys } from './query-keys'

export function getSentNotifications({ signal }: { signal?: AbortSignal } = {}) {
  return authRequest<SentNotifications>('/api/org/notifications', { signal })
}

export const sentNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.sentNotifications(),
    queryFn: ({ signal }) => getSentNotifications({ signal }),
  })

/** The messages the organisation sent, newest first (GET /api/org/notifications). */
export function useSentNotifications() {
  return useQuery(sentNotificationsQueryOptions())
}
