import '../i18n/fr'
import { useQueryClient } from '@tanstack/react-query'
import Bell from 'lucide-react/icons/bell'
import Megaphone from 'lucide-react/icons/megaphone'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { CitizenNotification } from '../../../../domain/citizen'
import { Badge } from '../../../components/ui/badge'
import { buttonClassName } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { useCategoryName } from '../../../lib/category-name'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'
import { cn } from '../../../lib/class-names'
import { formatDateTime } from '../../../lib/format-dates'
import { useLiveEvents } from '../../../lib/live-events'
import { usePageMeta } from '../../../lib/page-meta'
import { useMyReports } from '../api/get-my-reports'
import { useCitizenNotifications } from '../api/get-notifications'
import { useMarkNotificationsRead } from '../api/mark-notifications-read'
import { citizenKeys } from '../api/query-keys'
import { CitizenPage } from '../components/citizen-page'
import { DeviceReadError, isUnknownDevice } from '../components/device-unknown'
import { ResolutionQuestion } from '../components/resolution-question'
import { PushNewsCard } from '../push/push-news-card'

function NotificationCard({ notification, unread }: { notification: CitizenNotification; unread: boolean }) {
  const { t } = useTranslation('citizen')
  const categoryName = useCategoryName()
  return (
    <Card asChild>
      <article
        aria-labelledby={`notification-${notification.id}`}
        className={cn('flex flex-col gap-2 p-4', unread && 'border-l-4 border-l-green-700 bg-green-50/60')}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2
            id={`notification-${notification.id}`}
            className={cn('text-base text-slate-900', unread ? 'font-bold' : 'font-semibold')}
          >
            {notification.title}
          </h2>
          {unread ? <Badge tone="green">{t('notifications.unread')}</Badge> : null}
        </div>
        <p className="text-sm whitespace-pre-line text-slate-800">{notification.message}</p>
        <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
          <span>
            {t('notifications.about', {
              type: categoryName(notification.report_type),
              code: notification.anonymous_code ?? '—',
            })}
          </span>
          <time dateTime={notification.created_at}>{formatDateTime(notification.created_at)}</time>
        </p>
      </article>
    </Card>
  )
}

/** "Est-ce réglé ?" for each report of this device lately marked resolved. */
function ResolutionQuestions() {
  const { t } = useTranslation('citizen')
  const { data } = useMyReports()
  const categoryName = useCategoryName()
  const asked = data?.items.filter((report) => report.resolution_question) ?? []
  if (asked.length === 0) return null
  return (
    <section aria-labelledby="resolution-questions-title" className="flex flex-col gap-3">
      <h2 id="resolution-questions-title" className="text-lg font-bold text-slate-900">
        {t('resolution.listTitle')}
      </h2>
      <ul className="flex flex-col gap-3">
        {asked.map((report) => (
          <li key={report.id}>
            <Card className="flex flex-col gap-2 p-4">
              <p className="text-sm text-slate-700">
                <span className="font-semibold text-slate-900">{categoryName(report.type)}</span> ·{' '}
                {t('common.codeLabel')} <span className="font-mono">{report.anonymous_code}</span>
              </p>
              <ResolutionQuestion
                reportId={report.id}
                reportType={categoryName(report.type)}
                canReopen={report.resolution_question?.can_reopen ?? false}
              />
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** /notifications: "Est-ce réglé ?" questions, then the organisations' messages, newest first. */
export function NotificationsPage() {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  usePageMeta({ title: t('notifications.meta.title'), description: t('notifications.intro') })
  const queryClient = useQueryClient()
  const { data, isPending, isError, error, refetch } = useCitizenNotifications()
  const token = useCitizenDeviceStore((state) => state.citizenToken)
  const markRead = useMarkNotificationsRead(token)
  // What was unread when the page showed it stays marked while the citizen reads.
  const [seenUnread, setSeenUnread] = useState<ReadonlySet<string>>(new Set())

  const unreadIds = data?.items.filter((item) => item.read_at === null).map((item) => item.id) ?? []
  const unreadKey = unreadIds.join(',')
  const { mutate } = markRead
  useEffect(() => {
    if (!unreadKey) return
    setSeenUnread((current) => new Set([...current, ...unreadKey.split(',')]))
    mutate()
  }, [unreadKey, mutate])

  const deviceUnknown = isError && isUnknownDevice(error)
  const refreshNotifications = () =>
    void queryClient.invalidateQueries({ queryKey: citizenKeys.notifications() })
  useLiveEvents(
    { citizenToken: token },
    (event) => {
      if (event.type === 'notifications.created') refreshNotifications()
    },
    { enabled: token !== null && !deviceUnknown, onReconnected: refreshNotifications },
  )

  let content: ReactNode
  if (token === null || data?.items.length === 0) {
    content = (
      <EmptyState icon={Bell} title={t('notifications.emptyTitle')} text={t('notifications.emptyText')}>
        <Link to="/signaler" className={buttonClassName({ className: 'mt-2' })}>
          <Megaphone aria-hidden="true" className="size-5" />
          {tRoot('nav.report')}
        </Link>
      </EmptyState>
    )
  } else if (isError) {
    content = <DeviceReadError error={error} onRetry={() => void refetch()} />
  } else if (isPending) {
    content = (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t('notifications.loading')}</span>
        {['a', 'b', 'c'].map((key) => (
          <div
            key={key}
            data-testid="notification-skeleton"
            className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
          >
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        ))}
      </div>
    )
  } else {
    content = (
      <>
        <p className="text-sm text-slate-600">
          {t('notifications.count', { count: data.items.length, unread: seenUnread.size })}
        </p>
        <ul className="flex flex-col gap-3">
          {data.items.map((notification) => (
            <li key={notification.id}>
              <NotificationCard notification={notification} unread={seenUnread.has(notification.id)} />
            </li>
          ))}
        </ul>
      </>
    )
  }

  return (
    <CitizenPage title={tRoot('nav.notifications')} intro={t('notifications.intro')}>
      {token !== null && !deviceUnknown ? <ResolutionQuestions /> : null}
      {deviceUnknown ? null : <PushNewsCard />}
      {content}
    </CitizenPage>
  )
}

export { NotificationsPage as Component }
