import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type Language } from '../../../../domain/constants'
import type { SmsNewsStatus } from '../../../../domain/sms'
import { apiGet, apiRequest } from '../../../lib/api-client'
import { citizenHeaders, useCitizenDeviceStore } from '../../../lib/citizen-device'
import { citizenKeys } from './query-keys'

const PATH = '/api/citizen/sms-news'

/**
 * A web filer's news by SMS (issue 31): its state on this device, asking for a code for a
 * number, confirming it, and stopping. Asked only when the SMS channel is on (`enabled`).
 */
export function useSmsNews(enabled: boolean) {
  const token = useCitizenDeviceStore((state) => state.citizenToken)
  const queryClient = useQueryClient()
  const { i18n } = useTranslation()
  // The SMS are written in the site's languages only; anything else reads in French.
  const language: Language = LANGUAGES.find((known) => known === i18n.language) ?? 'fr'
  const key = citizenKeys.smsNews(token)
  const headers = citizenHeaders(token)
  const status = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<SmsNewsStatus>(PATH, { headers, signal }),
    enabled: enabled && token !== null,
  })
  const settle = (answer: SmsNewsStatus) => queryClient.setQueryData(key, answer)
  const request = useMutation({
    mutationFn: (phone: string) =>
      apiRequest<SmsNewsStatus>(PATH, { method: 'POST', headers, json: { phone, language } }),
    onSuccess: settle,
  })
  const confirm = useMutation({
    mutationFn: (code: string) =>
      apiRequest<SmsNewsStatus>(`${PATH}/confirm`, { method: 'POST', headers, json: { code } }),
    onSuccess: settle,
  })
  const stop = useMutation({
    mutationFn: () => apiRequest<null>(PATH, { method: 'DELETE', headers }),
    onSuccess: () => settle({ state: 'off' }),
  })
  return { hasDevice: token !== null, state: status.data?.state, request, confirm, stop }
}
