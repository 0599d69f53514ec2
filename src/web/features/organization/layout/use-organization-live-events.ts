import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLinkClickHandler } from 'react-router'
import type { LiveEvent } from '../../../../domain/events-rules'
import { TOURNEE_PATH } from '../../../../domain/team-rules'
import { useSessionStore } from '../../../lib/auth/session-store'
import { useLiveEvents } from '../../../lib/live-events'
import { organizationKeys, refreshQueries } from '../api/query-keys'
import { showHandedOverToast } from './handed-over-toast'

/**
 * Keeps the screens of the organisation space current: a report filed or claimed elsewhere
 * enters or leaves the available list, a status or a message changes the counts, without a reload.
 * A report handed to this member says so in a toast, with the way to "Ma tournée".
 */
export function useOrganizationLiveEvents() {
  const queryClient = useQueryClient()
  const { t } = useTranslation('organization')
  const openTournee = useLinkClickHandler<HTMLAnchorElement>(TOURNEE_PATH)
  const token = useSessionStore((state) => state.token)
  const { available, managed, reports, stats, sentNotifications, profile } = organizationKeys
  useLiveEvents(
    { token },
    (event) => {
      for (const listener of reportListeners) listener(event)
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
        case 'reports.handed-over':
          void refreshQueries(queryClient, managed(), reports(), stats())
          showHandedOverToast({
            reportId: event.reportId,
            title: t('handedOver.toast', { category: event.category ?? '' }),
            linkText: t('handedOver.open'),
            openTournee,
          })
          break
      }
    },
    // Whatever the gap's events were, every query of the space may have changed.
    { onReconnected: () => void refreshQueries(queryClient, organizationKeys.all) },
  )
}

/** The screens that wait for news of one report (a claim being confirmed), fed by the stream above. */
const reportListeners = new Set<(event: LiveEvent) => void>()

/**
 * Calls `onTaken` as soon as the live events say that another organisation now manages this
 * report (it claimed it, or an administrator assigned it), while `watching`. The page's one stream
 * (useOrganizationLiveEvents) brings the events: nothing more is opened.
 */
export function useReportTakenElsewhere(
  reportId: string,
  ownOrganizationId: string | undefined,
  watching: boolean,
  onTaken: () => void,
) {
  const handler = useRef(onTaken)
  handler.current = onTaken
  useEffect(() => {
    if (!watching) return
    const listener = (event: LiveEvent) => {
      if (event.type !== 'reports.changed' || event.reportId !== reportId) return
      if (event.organizationId && event.organizationId !== ownOrganizationId) handler.current()
    }
    reportListeners.add(listener)
    return () => {
      reportListeners.delete(listener)
    }
  }, [reportId, ownOrganizationId, watching])
}
