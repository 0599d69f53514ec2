import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SupportedReport } from '../../../../domain/citizen'
import { ApiError, apiRequest } from '../../../lib/api-client'
import { citizenHeaders, useCitizenDeviceStore } from '../../../lib/citizen-device'
import { tokenToSend } from '../../../lib/device-token'
import { citizenKeys } from './query-keys'

/**
 * "C'est le même problème" (POST /api/reports/:id/supports): this device's support instead of
 * a second report, under the device's token, minted on the phone when it never filed.
 */
export function useSupportReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reportId: string) =>
      apiRequest<SupportedReport>(`/api/reports/${reportId}/supports`, {
        method: 'POST',
        headers: citizenHeaders(tokenToSend()),
      }),
    onSuccess: ({ citizenToken }) => {
      useCitizenDeviceStore.getState().setCitizenToken(citizenToken)
      void queryClient.invalidateQueries({ queryKey: citizenKeys.publicReports() })
      void queryClient.invalidateQueries({ queryKey: citizenKeys.all })
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401)
        useCitizenDeviceStore.getState().forgetCitizenToken()
    },
  })
}
