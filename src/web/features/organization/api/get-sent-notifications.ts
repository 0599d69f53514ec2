import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { SentNotifications } from '../../../../domain/organization-space'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys } from './query-keys'

export function getSentNotifications({
  signal,
  client,
}: {
  signal?: AbortSignal
  client?: QueryClient
} = {}) {
  return authRequest<SentNotifications>('/api/org/notifications', { signal, client })
}

export const sentNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.sentNotifications(),
    queryFn: ({ signal, client }) => getSentNotifications({ signal, client }),
  })

/** The messages the organisation sent, newest first (GET /api/org/notifications). */
export function useSentNotifications() {
  return useQuery(sentNotificationsQueryOptions())
}
