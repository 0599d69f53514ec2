import '../i18n/fr'
import { useQueryClient } from '@tanstack/react-query'
import FileText from 'lucide-react/icons/file-text'
import Megaphone from 'lucide-react/icons/megaphone'
import Search from 'lucide-react/icons/search'
import WifiOff from 'lucide-react/icons/wifi-off'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { ReportCardSkeleton } from '../../../components/report/report-card-skeleton'
import { buttonClassName } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { placeholderKeys } from '../../../components/ui/skeleton'
import { useLiveEvents } from '../../../lib/live-events'
import { usePageMeta } from '../../../lib/page-meta'
import { useMyReports } from '../api/get-my-reports'
import { useQueuedReports } from '../api/queued-reports'
import { CitizenPage } from '../components/citizen-page'
import { DeviceReadError, isUnknownDevice } from '../components/device-unknown'
import { PushNewsCard } from '../push/push-news-card'
import { SmsNewsCard } from '../sms-news/sms-news-card'
import { CitizenReportCard } from './citizen-report-card'
import { QueuedReportCard } from './queued-report-card'
import '../../../i18n/deferred/fr'
import { citizenKeys } from '../api/query-keys'

/**
 * /mes-signalements: the reports made offline that wait on this phone ("En attente d'envoi"),
 * then those this device filed, follows or supports, kept up to date live.
 */
export function MyReportsPage() {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const { t: tDeferred } = useTranslation('deferred')
  usePageMeta({ title: t('myReports.meta.title'), description: t('myReports.meta.description') })
  const queryClient = useQueryClient()
  const { token, data, isPending, isError, error, refetch, fetchStatus } = useMyReports()
  const queued = useQueuedReports().data ?? []

  const deviceUnknown = isError && isUnknownDevice(error)

  // A tapped notification opens this page at its report (#signalement-<id>): once the list is
  // rendered, the report is brought into view and focused.
  const { hash } = useLocation()
  const loaded = data !== undefined
  useEffect(() => {
    if (!loaded || !hash) return
    const card = document.getElementById(decodeURIComponent(hash.slice(1)))
    card?.scrollIntoView({ block: 'start' })
    card?.focus({ preventScroll: true })
  }, [loaded, hash])

  // A claim, a status change or a message about one of these reports: reload them. A device the
  // server does not know would only be refused again and again.
  const refreshReports = () => void queryClient.invalidateQueries({ queryKey: citizenKeys.all })
  useLiveEvents({ citizenToken: token }, refreshReports, {
    enabled: token !== null && !deviceUnknown,
    onReconnected: refreshReports,
  })

  let content: ReactNode
  if ((token === null || data?.items.length === 0) && queued.length > 0) {
    content = null
  } else if (token === null || data?.items.length === 0) {
    content = (
      <EmptyState icon={FileText} title={t('myReports.emptyTitle')} text={t('myReports.emptyText')}>
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          <Link to="/signaler" className={buttonClassName()}>
            <Megaphone aria-hidden="true" className="size-5" />
            {tRoot('nav.report')}
          </Link>
          <Link to="/suivi" className={buttonClassName({ variant: 'outline' })}>
            <Search aria-hidden="true" className="size-5" />
            {t('common.trackWithCode')}
          </Link>
        </div>
      </EmptyState>
    )
  } else if (isError) {
    content = <DeviceReadError error={error} onRetry={() => void refetch()} />
  } else if (isPending && fetchStatus === 'paused') {
    // Offline before the list was ever loaded: the query waits for the network, and says so
    // rather than showing skeletons forever. It loads by itself once the phone is back online.
    content = (
      <EmptyState icon={WifiOff} title={t('myReports.offlineTitle')} text={t('myReports.offlineText')} />
    )
  } else if (isPending) {
    content = (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t('myReports.loading')}</span>
        {placeholderKeys(3).map((key) => (
          <ReportCardSkeleton key={key} thumbnail />
        ))}
      </div>
    )
  } else {
    content = (
      <>
        <p className="text-sm text-slate-600">{t('myReports.count', { count: data.items.length })}</p>
        <ul className="flex flex-col gap-4">
          {data.items.map((report) => (
            <li key={report.id}>
              <CitizenReportCard report={report} />
            </li>
          ))}
        </ul>
      </>
    )
  }

  return (
    <CitizenPage title={tRoot('nav.myReports')} intro={t('myReports.intro')}>
      {deviceUnknown ? null : <PushNewsCard />}
      {deviceUnknown ? null : <SmsNewsCard />}
      {queued.length > 0 ? (
        <section aria-labelledby="queued-reports-title" className="flex flex-col gap-3">
          <h2 id="queued-reports-title" className="text-lg font-bold text-slate-900">
            {tDeferred('offline.pending', { count: queued.length })}
          </h2>
          <ul className="flex flex-col gap-4">
            {queued.map((report) => (
              <li key={report.key}>
                <QueuedReportCard report={report} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {content}
    </CitizenPage>
  )
}

export { MyReportsPage as Component }
