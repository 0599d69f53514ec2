import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CitizenReport } from '../../../../domain/citizen'
import { apiGet } from '../../../lib/api-client'
import { citizenHeaders, useCitizenDeviceStore } from '../../../lib/citizen-device'
import { citizenKeys } from './query-keys'
import { useRetryUnlessRefused } from './retry-policy'

export const myReportsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: citizenKeys.myReports(token),
    queryFn: ({ signal }) =>
      apiGet<{ items: CitizenReport[] }>('/api/citizen/reports', { headers: citizenHeaders(token), signal }),
    enabled: token !== null,
  })

/** The reports this device filed or follows, with their history (GET /api/citizen/reports). */
export function useMyReports() {
  const token = useCitizenDeviceStore((state) => state.citizenToken)
  const retry = useRetryUnlessRefused()
  return { token, ...useQuery({ ...myReportsQueryOptions(token), retry }) }
}
