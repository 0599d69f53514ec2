import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CitizenNotification } from '../../domain/citizen'
import { apiGet } from './api-client'
import { citizenHeaders, useCitizenDeviceStore } from './citizen-device'

export interface CitizenNotifications {
  items: CitizenNotification[]
  unread: number
}

/**
 * The messages organisations sent about this device's reports (GET /api/citizen/notifications):
 * one query for the notifications screen and the header's bell, so that reading them clears it.
 */
export const citizenNotificationsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['citizen', 'notifications', token],
    queryFn: ({ signal }) =>
      apiGet<CitizenNotifications>('/api/citizen/notifications', { headers: citizenHeaders(token), signal }),
    enabled: token !== null,
  })

/**
 * How many of them are unread, for the header's bell. Asked only when this device has a token
 * (most visitors never filed a report: they send no request), and not again at every page.
 */
export function useUnreadNotificationCount(): number {
  const token = useCitizenDeviceStore((state) => state.citizenToken)
  const { data } = useQuery({
    ...citizenNotificationsQueryOptions(token),
    select: (notifications) => notifications.unread,
    staleTime: 60_000,
    retry: false,
  })
  return data ?? 0
}
