import Inbox from 'lucide-react/icons/inbox'
import MailOpen from 'lucide-react/icons/mail-open'
import MessageSquare from 'lucide-react/icons/message-square'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NOTIFICATION_PREVIEW_CHARS, ORGANIZATION_PAGE_SIZE } from '../../../../domain/constants'
import { previewText } from '../../../../domain/organization-space-rules'
import { offsetOf } from '../../../../domain/pagination-rules'
import { PageHeader } from '../../../components/layout/page-header'
import { Card } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { LoadError } from '../../../components/ui/load-error'
import { Pagination } from '../../../components/ui/pagination'
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton'
import { formatDateTime } from '../../../lib/format-dates'
import { usePageMeta } from '../../../lib/page-meta'
import { useClampedPage, useListPage } from '../../../lib/use-list-page'
import { managedReportsQueryOptions, useManagedReports } from '../api/get-managed-reports'
import { sentNotificationsQueryOptions, useSentNotifications } from '../api/get-sent-notifications'
import { ReportCard } from '../components/report-card'
import { ReportDetailsDialog } from '../components/report-details-dialog'
import { ReportList } from '../components/report-list'
import '../i18n/fr'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'
import { SendMessageDialog } from './send-message-dialog'

function AssignedReports() {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const [page, setPage] = useListPage('assigned')
  const reports = useManagedReports({ q: '', status: 'all', page })
  useClampedPage(page, setPage, reports.data)

  return (
    <ReportList
      title={t('notifications.reportsTitle')}
      reports={reports}
      page={page}
      onPageChange={setPage}
      placeholders={2}
      empty={
        <EmptyState
          icon={Inbox}
          title={t('notifications.reportsEmptyTitle')}
          text={t('notifications.reportsEmptyText')}
        />
      }
    >
      {(report) => (
        <ReportCard
          report={report}
          headingLevel={3}
          description={previewText(report.description, NOTIFICATION_PREVIEW_CHARS)}
          actions={
            <>
              <ReportDetailsDialog
                report={report}
                label={t('notifications.seeMore')}
                accessibleLabel={t('notifications.seeMoreLabel', {
                  code: report.anonymous_code || tRoot('common.anonymous'),
                })}
              />
              <SendMessageDialog report={report} />
            </>
          }
        >
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <MessageSquare aria-hidden="true" className="size-4" />
            {t('report.messagesSent', { total: report.notifications_count })}
          </p>
        </ReportCard>
      )}
    </ReportList>
  )
}

function SentMessages() {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const sent = useSentNotifications()
  const [page, setPage] = useState(1)
  const items = sent.data?.items ?? []
  const shown = items.slice(
    offsetOf(page, ORGANIZATION_PAGE_SIZE),
    offsetOf(page + 1, ORGANIZATION_PAGE_SIZE),
  )

  return (
    <section aria-labelledby="sent-title" aria-busy={sent.isFetching} className="flex flex-col gap-3">
      <div>
        <h2 id="sent-title" className="text-lg font-semibold text-slate-900">
          {t('notifications.sentTitle')}
        </h2>
        {sent.data ? (
          <p className="text-sm text-slate-600">{t('report.messagesSent', { total: items.length })}</p>
        ) : null}
      </div>
      {sent.isPending ? (
        <div className="flex flex-col gap-3">
          {placeholderKeys(2).map((key) => (
            <Skeleton key={key} className="h-24" />
          ))}
        </div>
      ) : sent.isError && !sent.data ? (
        <LoadError
          title={t('notifications.sentLoadFailed')}
          message={sent.error.message}
          onRetry={() => void sent.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={MailOpen}
          title={t('notifications.sentEmptyTitle')}
          text={t('notifications.sentEmptyText')}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((notification) => (
            <li key={notification.id}>
              <Card asChild className="flex flex-col gap-1 p-4">
                <article aria-labelledby={`sent-${notification.id}`}>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 id={`sent-${notification.id}`} className="text-base font-semibold text-slate-900">
                      {notification.title}
                    </h3>
                    <time dateTime={notification.created_at} className="text-xs text-slate-600">
                      {formatDateTime(notification.created_at)}
                    </time>
                  </div>
                  <p className="text-sm whitespace-pre-line break-words text-slate-700">
                    {notification.message}
                  </p>
                  <p className="text-xs font-medium text-slate-600">
                    {t('notifications.about', {
                      type: notification.report_type,
                      code: notification.anonymous_code || tRoot('common.anonymous'),
                    })}
                  </p>
                </article>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={ORGANIZATION_PAGE_SIZE} total={items.length} onPageChange={setPage} />
    </section>
  )
}

/** Notifications: the assigned reports, each with "Envoyer un message", and the messages sent. */
export function NotificationsPage() {
  const { t } = useTranslation('organization')
  usePageMeta({ title: t('meta.notifications'), description: t('meta.description') })
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('notifications.title')} subtitle={t('notifications.subtitle')} />
      <AssignedReports />
      <SentMessages />
    </div>
  )
}

export { NotificationsPage as Component }

export const handle: PageHandle = { rendered: 'session' }
export const loader = pageLoader(
  () => [managedReportsQueryOptions({ q: '', status: 'all', page: 1 }), sentNotificationsQueryOptions()],
  'organization',
)
