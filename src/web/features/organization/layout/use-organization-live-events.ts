import { useQueryClient } from '@tanstack/react-query'
import { useSessionStore } from '../../../lib/auth/session-store'
import { useLiveEvents } from '../../../lib/live-events'
import { organizationKeys, refreshQueries } from '../api/query-keys'

/**
 * Keeps the screens of the organisation space current: a report filed or claimed elsewhere
 * enters or leaves the available list, a status or a message changes the counts, without a reload.
 */
export function useOrganizationLiveEvents() {
  const queryClient = useQueryClient()
  const token = useSessionStore((state) => state.token)
  useLiveEvents({ token }, (event) => {
    const { available, managed, reports, stats, sentNotifications, profile } = organizationKeys
    switch (event.type) {
      case 'reports.changed':
        void refreshQueries(queryClient, available(), managed(), reports(), stats())
        break
      case 'notifications.created':
        void refreshQueries(queryClient, sentNotifications(), managed(), stats())
        break
      case 'organizations.changed':
        void refreshQueries(queryClient, profile())
        break
    }
  })
}
