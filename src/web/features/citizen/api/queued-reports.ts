import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { announceOutboxChange } from '../../../lib/outbox/outbox-events'
import { queuedReports, removeQueuedReport } from '../../../lib/outbox/outbox-store'
import { citizenKeys } from './query-keys'

export const queuedReportsQueryOptions = () =>
  queryOptions({
    queryKey: citizenKeys.outbox(),
    queryFn: () => queuedReports(),
    // It lives on the phone: no network, nothing to retry.
    retry: false,
    networkMode: 'always',
  })

/** The reports made offline that wait on this phone (IndexedDB). */
export function useQueuedReports() {
  return useQuery(queuedReportsQueryOptions())
}

/** Cancels a queued report: it is deleted from the phone, with its photo and voice note. */
export function useCancelQueuedReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (key: string) => removeQueuedReport(key),
    networkMode: 'always',
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: citizenKeys.outbox() })
      announceOutboxChange()
    },
  })
}
