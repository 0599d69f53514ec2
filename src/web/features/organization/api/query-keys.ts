import type { QueryClient } from '@tanstack/react-query'
import type { PageCursor } from '../../../../domain/pagination-rules'

/**
 * Every query of the organisation space starts with 'organization': a logout clears them all, and
 * a live event refreshes the lists it concerns.
 */
export const organizationKeys = {
  all: ['organization'] as const,
  profile: () => [...organizationKeys.all, 'profile'] as const,
  stats: () => [...organizationKeys.all, 'stats'] as const,
  available: () => [...organizationKeys.all, 'available'] as const,
  availablePage: (q: string, page: number, cursor: PageCursor = {}, overdueOnly = false) =>
    [
      ...organizationKeys.available(),
      { q, page, ...cursor, ...(overdueOnly ? { overdue: true } : {}) },
    ] as const,
  managed: () => [...organizationKeys.all, 'managed'] as const,
  managedPage: (filters: { q: string; status: string; page: number }) =>
    [...organizationKeys.managed(), filters] as const,
  sentNotifications: () => [...organizationKeys.all, 'sent-notifications'] as const,
  members: () => [...organizationKeys.all, 'members'] as const,
  reports: () => [...organizationKeys.all, 'report'] as const,
  report: (id: string) => [...organizationKeys.reports(), id] as const,
}

/** Marks these queries stale: the screens showing them ask the server again. */
export function refreshQueries(queryClient: QueryClient, ...keys: (readonly unknown[])[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
