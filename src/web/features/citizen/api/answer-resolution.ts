import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ResolutionAnswer } from '../../../../domain/citizen'
import { apiRequest } from '../../../lib/api-client'
import { citizenHeaders, useCitizenDeviceStore } from '../../../lib/citizen-device'
import { citizenKeys } from './query-keys'

export type ResolutionReply = 'confirm' | 'reopen'

/** "Est-ce réglé ?": "Oui" confirms, "Non" reopens (POST /api/citizen/reports/:id/confirm|reopen). */
export function useAnswerResolution() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reportId, reply }: { reportId: string; reply: ResolutionReply }) =>
      apiRequest<ResolutionAnswer>(`/api/citizen/reports/${reportId}/${reply}`, {
        method: 'POST',
        headers: citizenHeaders(useCitizenDeviceStore.getState().citizenToken),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: citizenKeys.all }),
  })
}
