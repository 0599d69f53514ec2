import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicReport } from '../../../../domain/citizen'
import { apiGet } from '../../../lib/api-client'
import { UNKNOWN_IS_AN_ANSWER } from '../../../lib/page-subject'
import { citizenKeys } from './query-keys'
import { useRetryUnlessRefused } from './retry-policy'

export const publicReportQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: citizenKeys.publicReport(id),
    queryFn: ({ signal, client }) =>
      apiGet<PublicReport>(`/api/reports/${encodeURIComponent(id ?? '')}`, { signal, client }),
    enabled: id !== null,
    // Asked once as the page opens (the server renders it at once, found or not); the screen's
    // own requests are tried again as usual (usePublicReport).
    retry: false,
    // An unknown report is the not-found page, not a failure to log.
    meta: { [UNKNOWN_IS_AN_ANSWER]: true },
  })

/**
 * A report's public page (GET /api/reports/:id): its public fields, organisation and history.
 * Tried again after a failure of the network or the server, never after a 404: an unknown report
 * stays unknown.
 */
export function usePublicReport(id: string | null) {
  return useQuery({ ...publicReportQueryOptions(id), retry: useRetryUnlessRefused() })
}
