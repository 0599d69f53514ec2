import '../i18n/fr'
import BellRing from 'lucide-react/icons/bell-ring'
import CircleCheckBig from 'lucide-react/icons/circle-check-big'
import Search from 'lucide-react/icons/search'
import SearchX from 'lucide-react/icons/search-x'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import type { TrackedReport } from '../../../../domain/citizen'
import {
  normalizeAnonymousCode,
  reportPagePath,
  TRACKING_CODE_PARAMETER,
} from '../../../../domain/citizen-rules'
import { isPublicStatus } from '../../../../domain/report-states'
import { ReportStatusBadge } from '../../../components/report/report-badges'
import { ReportHistory } from '../../../components/report/report-history'
import { Button, buttonClassName } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { EnabledOnceHydrated } from '../../../components/ui/enabled-once-hydrated'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { LoadError } from '../../../components/ui/load-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { useReasonText } from '../../../i18n/reason-text'
import { ApiError } from '../../../lib/api-client'
import { useCategoryName } from '../../../lib/category-name'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'
import { usePageMeta } from '../../../lib/page-meta'
import { toast } from '../../../lib/toast'
import { useFollowReport } from '../api/follow-report'
import { useMyReports } from '../api/get-my-reports'
import { trackedReportQueryOptions, useTrackedReport } from '../api/track-report'
import { CitizenPage } from '../components/citizen-page'
import { Fact, ReportFacts } from '../components/report-facts'

function TrackedReportCard({ report }: { report: TrackedReport }) {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const follow = useFollowReport()
  const reasonText = useReasonText()
  const categoryName = useCategoryName()
  // Already among this phone's reports (it filed the report, or follows it): nothing to follow.
  const onThisDevice = useMyReports().data?.items.some((mine) => mine.id === report.id) ?? false

  function followIt() {
    follow.mutate(report.anonymous_code, {
      onSuccess: () => toast.success(t('tracking.followedToast')),
      onError: (error) => toast.error(tRoot('common.error'), { description: reasonText(error) }),
    })
  }

  return (
    <Card asChild>
      <article aria-labelledby="tracked-report-title" className="flex flex-col gap-4 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id="tracked-report-title" className="text-lg font-semibold text-slate-900">
              {categoryName(report.type)}
            </h2>
            <p className="text-sm text-slate-600">
              {t('common.codeLabel')}{' '}
              <span className="font-mono font-semibold text-slate-900">{report.anonymous_code}</span>
            </p>
          </div>
          <ReportStatusBadge status={report.status} unknown="raw" />
        </div>
        <ReportFacts report={report}>
          {report.department ? <Fact label={t('tracking.department')}>{report.department}</Fact> : null}
        </ReportFacts>
        {/* A rejected report is hidden from the public: it has no public page. */}
        {isPublicStatus(report.status) ? (
          <Link
            to={reportPagePath(report.id)}
            className="self-start text-sm font-semibold text-green-800 underline"
          >
            {t('tracking.publicPage')}
          </Link>
        ) : null}
        {report.history.length > 0 ? (
          <section aria-labelledby="tracked-history-title" className="flex flex-col gap-3">
            <h3 id="tracked-history-title" className="text-sm font-semibold text-slate-900">
              {t('reportDetails.history')}
            </h3>
            <ReportHistory events={report.history} namespace="citizen" />
          </section>
        ) : null}
        {follow.isSuccess || onThisDevice ? (
          <div
            role="status"
            className="flex flex-wrap items-center gap-3 rounded-lg bg-green-50 p-3 text-sm text-green-900"
          >
            <CircleCheckBig aria-hidden="true" className="size-5" />
            {t('tracking.followed')}
            <Link to="/mes-signalements" className={buttonClassName({ variant: 'outline', size: 'sm' })}>
              {t('common.seeMyReports')}
            </Link>
          </div>
        ) : (
          <Button variant="outline" onClick={followIt} disabled={follow.isPending} className="self-start">
            <BellRing aria-hidden="true" className="size-5" />
            {follow.isPending ? t('tracking.following') : t('tracking.follow')}
          </Button>
        )}
      </article>
    </Card>
  )
}

/** /suivi: the public status, dates and history of a report, found by its anonymous code. */
export function TrackingPage() {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  usePageMeta({ title: t('tracking.meta.title'), description: t('tracking.meta.description') })
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get(TRACKING_CODE_PARAMETER) ?? ''
  const code = requested ? normalizeAnonymousCode(requested) : null
  const [typed, setTyped] = useState(requested)
  const [typedInvalid, setTypedInvalid] = useState(false)
  const tracked = useTrackedReport(code)
  const reasonText = useReasonText()
  // The same check as the server's, with its message (tracking.invalidCode) in the reader's language.
  const fieldError = typedInvalid || (requested && !code) ? t('reasons.tracking.invalidCode') : undefined
  // One error at a time: a code typed wrong replaces what the previous search answered.
  const showAnswer = !typedInvalid

  function search(event: FormEvent) {
    event.preventDefault()
    const normalized = normalizeAnonymousCode(typed)
    if (!normalized) {
      setTypedInvalid(true)
      return
    }
    setTypedInvalid(false)
    setTyped(normalized)
    setSearchParams({ [TRACKING_CODE_PARAMETER]: normalized })
  }

  let result = null
  if (code && tracked.isPending) {
    result = (
      <div role="status" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <span className="sr-only">{t('tracking.searching')}</span>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-16 w-full" />
      </div>
    )
  } else if (code && tracked.isError && showAnswer) {
    const notFound = tracked.error instanceof ApiError && tracked.error.status === 404
    result = notFound ? (
      <div
        role="alert"
        className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      >
        <SearchX aria-hidden="true" className="size-6 shrink-0" />
        {reasonText(tracked.error)}
      </div>
    ) : (
      <LoadError message={reasonText(tracked.error)} onRetry={() => void tracked.refetch()} />
    )
  } else if (code && tracked.data) {
    result = <TrackedReportCard report={tracked.data} />
  }

  return (
    <CitizenPage title={tRoot('nav.tracking')} intro={t('tracking.intro')}>
      <form noValidate onSubmit={search} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <EnabledOnceHydrated>
          <Field label={t('tracking.codeLabel')} error={fieldError} className="flex-1">
            {(control) => (
              <Input
                {...control}
                name="code"
                value={typed}
                maxLength={20}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder={t('tracking.codePlaceholder')}
                className="font-mono text-lg tracking-widest uppercase"
                onChange={(event) => {
                  setTyped(event.target.value)
                  setTypedInvalid(false)
                }}
              />
            )}
          </Field>
          <Button
            type="submit"
            size="lg"
            className="sm:mt-6.5"
            disabled={code !== null && tracked.isFetching}
          >
            <Search aria-hidden="true" className="size-5" />
            {tRoot('common.search')}
          </Button>
        </EnabledOnceHydrated>
      </form>
      {result}
    </CitizenPage>
  )
}

export { TrackingPage as Component }

export const handle: PageHandle = { rendered: 'public', parameters: [TRACKING_CODE_PARAMETER] }
export const loader = pageLoader(({ request }) => {
  const code = normalizeAnonymousCode(new URL(request.url).searchParams.get(TRACKING_CODE_PARAMETER) ?? '')
  return [code ? trackedReportQueryOptions(code) : null]
})
