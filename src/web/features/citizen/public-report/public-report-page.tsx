import '../i18n/fr'
import LockKeyhole from 'lucide-react/icons/lock-keyhole'
import Megaphone from 'lucide-react/icons/megaphone'
import { lazy, Suspense, useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import type { PublicReport } from '../../../../domain/citizen'
import { isReportId } from '../../../../domain/citizen-rules'
import { communeNameAt } from '../../../../domain/communes'
import { REPORT_PAGE_TITLE_CHARS } from '../../../../domain/constants'
import { previewText } from '../../../../domain/organization-space-rules'
import { NotFoundView } from '../../../components/layout/not-found-view'
import { MapLoading } from '../../../components/map/map-loading'
import { usePlaceName } from '../../../components/report/place-name'
import { ReportStatusBadge, useReportStatusLabel } from '../../../components/report/report-badges'
import { ReportHistory } from '../../../components/report/report-history'
import { ResolutionPhotoView } from '../../../components/report/resolution-photo-view'
import { buttonClassName } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadError } from '../../../components/ui/load-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { useReasonText } from '../../../i18n/reason-text'
import { useCategoryName } from '../../../lib/category-name'
import { formatLongDate } from '../../../lib/format-dates'
import { type PageHandle, subjectLoader } from '../../../lib/page-loader'
import { usePageMeta } from '../../../lib/page-meta'
import { isUnknown, useUnknownSubject } from '../../../lib/page-subject'
import { useHydrated } from '../../../lib/use-hydrated'
import { publicReportQueryOptions, usePublicReport } from '../api/get-public-report'
import { CitizenPage } from '../components/citizen-page'
import { Fact, ReportFacts } from '../components/report-facts'

// Leaflet is fetched after the page has hydrated, never before its text.
const PublicReportMap = lazy(() => import('./public-report-map'))

/** The report's place on a small map, rendered by the browser once the page is up. */
function ReportMap({ report }: { report: PublicReport }) {
  const { t } = useTranslation('citizen')
  // Leaflet only runs in a browser: the server renders the loading state in its place. Deferred,
  // the map is rendered in slices that a tap can come between.
  const hydrated = useDeferredValue(useHydrated())
  return (
    <section
      aria-label={t('publicReport.mapLabel')}
      className="isolate h-56 overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-72"
    >
      {hydrated ? (
        <Suspense fallback={<MapLoading />}>
          <PublicReportMap
            latitude={report.latitude}
            longitude={report.longitude}
            approximate={report.location_precision === 'commune'}
          />
        </Suspense>
      ) : (
        <MapLoading />
      )}
    </section>
  )
}

/**
 * The page's head: its title names the report by the start of its description and its category,
 * its description (the sharing card's too) says its status, place, date and who handles it.
 */
function useReportPageMeta(report: PublicReport) {
  const { t } = useTranslation('citizen')
  const statusLabel = useReportStatusLabel()
  const type = useCategoryName()(report.type)
  const named = usePlaceName(report)
  const commune =
    report.location_precision === 'commune' ? communeNameAt(report.latitude, report.longitude) : null
  // A report by SMS is known by its commune only: its centre's coordinates would say more than that.
  const place = commune ? t('publicReport.approximatePlace', { name: commune }) : named
  const excerpt = previewText(report.description, REPORT_PAGE_TITLE_CHARS)
  const subject = excerpt ? t('publicReport.meta.subject', { description: excerpt, type }) : type
  const said = t('publicReport.meta.description', {
    status: statusLabel(report.status),
    place,
    date: formatLongDate(report.created_at),
  })
  usePageMeta({
    title: t('publicReport.meta.title', { subject }),
    description: report.organization_name
      ? `${said} ${t('publicReport.meta.handledBy', { organization: report.organization_name })}`
      : said,
    type: 'article',
  })
  return place
}

function PublicReportView({ report }: { report: PublicReport }) {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const place = useReportPageMeta(report)
  const type = useCategoryName()(report.type)
  const description = report.description.trim()
  return (
    <CitizenPage title={type}>
      <Card asChild>
        <article aria-label={type} className="flex flex-col gap-4 p-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            {description ? (
              <p className="min-w-0 flex-1 whitespace-pre-line break-words text-slate-800">{description}</p>
            ) : null}
            <ReportStatusBadge status={report.status} unknown="raw" />
          </div>
          <ReportFacts report={report}>
            <Fact label={t('publicReport.place')}>{place}</Fact>
          </ReportFacts>
          {report.resolution ? (
            <ResolutionPhotoView resolution={report.resolution} namespace="citizen" />
          ) : null}
          <ReportMap report={report} />
          {report.history.length > 0 ? (
            <section aria-labelledby="public-report-history" className="flex flex-col gap-3">
              <h2 id="public-report-history" className="text-sm font-semibold text-slate-900">
                {t('reportDetails.history')}
              </h2>
              <ReportHistory events={report.history} namespace="citizen" />
            </section>
          ) : null}
          <p className="flex items-start gap-2 text-xs text-slate-600">
            <LockKeyhole aria-hidden="true" className="size-4 shrink-0" />
            {t('publicReport.privacy')}
          </p>
        </article>
      </Card>
      <div className="flex flex-wrap gap-3">
        <Link to="/signaler" className={buttonClassName()}>
          <Megaphone aria-hidden="true" className="size-5" />
          {tRoot('nav.report')}
        </Link>
        <Link to="/" className={buttonClassName({ variant: 'outline' })}>
          {tRoot('common.backHome')}
        </Link>
      </div>
    </CitizenPage>
  )
}

/**
 * /signalements/:id: a report's public page, server-rendered and shareable: its category,
 * status, place, dates, the organisation that handles it, its public history and a map. Never its
 * code, photo, voice note or messages (the API does not give them). An id no public report has is
 * the not-found page (answered 404 by the server: the route's loader says so).
 */
export function PublicReportPage() {
  const { t } = useTranslation('citizen')
  const { id = '' } = useParams()
  const unknownSubject = useUnknownSubject()
  const reportId = isReportId(id) ? id : null
  const report = usePublicReport(unknownSubject ? null : reportId)
  const reasonText = useReasonText()

  if (unknownSubject || reportId === null || isUnknown(report.error)) return <NotFoundView />
  if (report.data) return <PublicReportView report={report.data} />
  return (
    <CitizenPage title={t('publicReport.heading')}>
      {report.isError ? (
        <LoadError message={reasonText(report.error)} onRetry={() => void report.refetch()} />
      ) : (
        <div role="status" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <span className="sr-only">{t('publicReport.loading')}</span>
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </CitizenPage>
  )
}

export { PublicReportPage as Component }

export const handle: PageHandle = { rendered: 'public' }
export const loader = subjectLoader(({ params: { id } }) =>
  id && isReportId(id) ? publicReportQueryOptions(id) : null,
)
