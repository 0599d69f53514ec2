import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TrackedReport } from '../../../../domain/citizen'
import { apiGet } from '../../../lib/api-client'
import { citizenKeys } from './query-keys'

export const trackedReportQueryOptions = (code: string | null) =>
  queryOptions({
    queryKey: citizenKeys.tracked(code),
    queryFn: ({ signal, client }) => apiGet<TrackedReport>(`/api/reports/track/${code}`, { signal, client }),
    enabled: code !== null,
    // An unknown code stays unknown: do not insist.
    retry: false,
  })

/** The public status and history of the report with this code (GET /api/reports/track/:code). */
export function useTrackedReport(code: string | null) {
  return useQuery(trackedReportQueryOptions(code))
}
