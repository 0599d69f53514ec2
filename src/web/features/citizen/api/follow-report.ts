import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiRequest } from '../../../lib/api-client'
import { citizenHeaders, useCitizenDeviceStore } from '../../../lib/citizen-device'
import { citizenKeys } from './query-keys'

/**
 * Adds a report found by its code to this device's reports (POST /api/citizen/follows). A device
 * without a token gets one here, as when it files a report.
 */
export function useFollowReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => {
      const { citizenToken } = useCitizenDeviceStore.getState()
      return apiRequest<{ citizenToken: string; report_id: string }>('/api/citizen/follows', {
        method: 'POST',
        headers: citizenHeaders(citizenToken),
        json: { code },
      })
    },
    onSuccess: ({ citizenToken }) => {
      useCitizenDeviceStore.getState().setCitizenToken(citizenToken)
      void queryClient.invalidateQueries({ queryKey: citizenKeys.all })
    },
    onError: (error) => {
      // The server no longer knows this device: forget it, so that trying again gets a new one.
      if (error instanceof ApiError && error.status === 401)
        useCitizenDeviceStore.getState().forgetCitizenToken()
    },
  })
}
