import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SmsChannelStatus } from '../../../../domain/sms'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export const SMS_STATUS_PATH = '/api/admin/sms'

/** The SMS channel as the operator watches it (GET /api/admin/sms); asked only when the channel is on. */
export function useSmsStatus(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: adminKeys.sms(),
      queryFn: ({ signal, client }) => authRequest<SmsChannelStatus>(SMS_STATUS_PATH, { signal, client }),
    }),
    enabled,
  })
}
