import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { MapReports } from '../../../../domain/map'
import { OVERDUE_FILTER } from '../../../../domain/overdue'
import { authRequest } from '../../../lib/auth/auth-request'
import type { ManagedFilters } from './get-managed-reports'
import { organizationKeys } from './query-keys'

/** The organisation's two lists, shown as a list or on the map. */
export type OrganizationList = 'available' | 'managed'

/** The list's own filters: its search, its late ones only, and for its own reports their status and member. */
export interface ListFilters {
  q: string
  status?: string
  assignee?: ManagedFilters['assignee']
  overdue?: boolean
}

/** GET /api/org/reports/{available,managed}/map for a box and the list's filters. */
export function reportMapPath(list: OrganizationList, filters: ListFilters, bbox: string): string {
  const params = new URLSearchParams({ bbox })
  if (filters.q) params.set('q', filters.q)
  if (filters.status && filters.status !== 'all') params.set('status', filters.status)
  if (filters.assignee) params.set('assignee', filters.assignee)
  if (filters.overdue) params.set('overdue', OVERDUE_FILTER)
  return `/api/org/reports/${list}/map?${params}`
}

function getReportMap(
  list: OrganizationList,
  filters: ListFilters,
  bbox: string,
  { signal, client }: { signal?: AbortSignal; client?: QueryClient } = {},
) {
  return authRequest<MapReports>(reportMapPath(list, filters, bbox), { signal, client })
}

// Under the list's key: a live event that refreshes the list refreshes its map too.
export const reportMapQueryOptions = (list: OrganizationList, filters: ListFilters, bbox: string | null) =>
  queryOptions({
    queryKey: [
      ...(list === 'available' ? organizationKeys.available() : organizationKeys.managed()),
      'map',
      { ...filters, bbox },
    ],
    queryFn: ({ signal, client }) => getReportMap(list, filters, bbox ?? '', { signal, client }),
    enabled: bbox !== null,
    // The markers stay on the map while the next view's answer comes.
    placeholderData: keepPreviousData,
  })

/** The list's reports inside the map's box, one by one or grouped when they are many. */
export function useReportMap(list: OrganizationList, filters: ListFilters, bbox: string | null) {
  return useQuery(reportMapQueryOptions(list, filters, bbox))
}
