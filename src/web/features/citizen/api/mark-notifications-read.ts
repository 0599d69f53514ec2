import { useMutation, useQueryClient } from '@tanstack/react-query'
import { QUERY_RETRIES, queryRetryDelay } from '../../../../domain/constants'
import { apiRequest } from '../../../lib/api-client'
import { citizenHeaders } from '../../../lib/citizen-device'
import {
  type CitizenNotifications,
  citizenNotificationsQueryOptions,
} from '../../../lib/citizen-notifications'

/**
 * Marks this device's messages read (POST /api/citizen/notifications/read). The list keeps
 * what it showed; only the read dates and the bell's count change.
 */
export function useMarkNotificationsRead(token: string | null) {
  const queryClient = useQueryClient()
  const { queryKey } = citizenNotificationsQueryOptions(token)
  return useMutation({
    mutationFn: () =>
      apiRequest<null>('/api/citizen/notifications/read', { method: 'POST', headers: citizenHeaders(token) }),
    // Asked once per page view: a request lost on a weak network is tried again, or the bell
    // would keep counting messages already read.
    retry: QUERY_RETRIES,
    retryDelay: queryRetryDelay,
    // A read of the list still on its way (the screen's own, as it opens) may have been answered
    // before the server marked them: landing after this one, it would bring the count back.
    onMutate: () => queryClient.cancelQueries({ queryKey }),
    onSuccess: () => {
      const readAt = new Date().toISOString()
      queryClient.setQueryData<CitizenNotifications>(queryKey, (current) =>
        current
          ? {
              unread: 0,
              items: current.items.map((item) => ({ ...item, read_at: item.read_at ?? readAt })),
            }
          : current,
      )
    },
  })
}
