import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiRequest } from '../../../lib/api-client'
import { citizenHeaders, useCitizenDeviceStore } from '../../../lib/citizen-device'
import { tokenToSend } from '../../../lib/device-token'
import { citizenKeys } from './query-keys'

/**
 * Adds a report found by its code to this device's reports (POST /api/citizen/follows), under the
 * device's token, minted on the phone when it never filed, as when it files a report.
 */
export function useFollowReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<{ citizenToken: string; report_id: string }>('/api/citizen/follows', {
        method: 'POST',
        headers: citizenHeaders(tokenToSend()),
        json: { code },
      }),
    onSuccess: ({ citizenToken }) => {
      useCitizenDeviceStore.getState().setCitizenToken(citizenToken)
      void queryClient.invalidateQueries({ queryKey: citizenKeys.all })
    },
    onError: (error) => {
      // The server refused the device's token: forget it, so that trying again goes under a new one.
      if (error instanceof ApiError && error.status === 401)
        useCitizenDeviceStore.getState().forgetCitizenToken()
    },
  })
}
