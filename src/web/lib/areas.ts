import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Area } from '../../domain/area'
import { apiGet } from './api-client'

/**
 * The 19 communes of the department (GET /api/areas), in the order of domain/communes.ts: offered
 * by the sign-up's zone step, Paramètres, the organisation's details and the admin list's filter.
 * They change only by a migration: kept for the whole visit.
 */
export const areasQueryOptions = () =>
  queryOptions({
    queryKey: ['areas'],
    queryFn: ({ signal, client }) => apiGet<Area[]>('/api/areas', { signal, client }),
    staleTime: Number.POSITIVE_INFINITY,
  })

export function useAreas() {
  return useQuery(areasQueryOptions())
}
