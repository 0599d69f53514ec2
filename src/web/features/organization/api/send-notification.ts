import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SentNotification } from '../../../../domain/organization-space'
import { authRequest } from '../../../lib/auth/auth-request'
import { organizationKeys, refreshQueries } from './query-keys'

export function sendNotification({
  reportId,
  title,
  message,
}: {
  reportId: string
  title: string
  message: string
}) {
  return authRequest<SentNotification>(`/api/org/reports/${reportId}/notifications`, {
    method: 'POST',
    json: { title, message },
  })
}

/** POST /api/org/reports/:id/notifications: a message to the citizen who filed the report. */
export function useSendNotification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendNotification,
    onSuccess: () =>
      refreshQueries(
        queryClient,
        organizationKeys.sentNotifications(),
        organizationKeys.managed(),
        organizationKeys.stats(),
      ),
  })
}
