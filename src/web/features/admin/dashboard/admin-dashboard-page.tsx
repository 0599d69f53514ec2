import AlarmClock from 'lucide-react/icons/alarm-clock'
import ArrowRight from 'lucide-react/icons/arrow-right'
import CircleCheck from 'lucide-react/icons/circle-check'
import FileText from 'lucide-react/icons/file-text'
import Inbox from 'lucide-react/icons/inbox'
import MessageSquareText from 'lucide-react/icons/message-square-text'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AdminReport } from '../../../../domain/admin'
import {
  ADMIN_DASHBOARD_RECENT_REPORTS,
  ADMIN_DASHBOARD_TO_ASSIGN_REPORTS,
} from '../../../../domain/constants'
import { resolutionRate } from '../../../../domain/organization-space-rules'
import type { OverdueKind } from '../../../../domain/overdue'
import { phoneNumberForDisplay } from '../../../../domain/phone-numbers'
import { FILED_STATUS, REPORT_STATUSES } from '../../../../domain/report-states'
import { PageHeader } from '../../../components/layout/page-header'
import { PlaceName } from '../../../components/report/place-name'
import { ReportPriorityBadge, ReportStatusBadge } from '../../../components/report/report-badges'
import { REPORT_STATUS_ICONS } from '../../../components/report/report-status-icons'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Progress } from '../../../components/ui/progress'
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton'
import { StatCard, StatGrid } from '../../../components/ui/stat-card'
import { ApiError } from '../../../lib/api-client'
import { formatDateTime, formatLongDate } from '../../../lib/format-dates'
import { useFormatHours } from '../../../lib/format-hours'
import { formatPercent } from '../../../lib/format-numbers'
import { useSmsNumber } from '../../../lib/site-contacts'
import { toast } from '../../../lib/toast'
import { adminReportsQueryOptions, useAdminReports } from '../api/get-admin-reports'
import { adminStatsQueryOptions, useAdminStats } from '../api/get-admin-stats'
import { useEligibleOrganizations } from '../api/get-eligible-organizations'
import { useSmsStatus } from '../api/get-sms-status'
import { useUpdateAdminReport } from '../api/update-admin-report'
import { useAdminPageMeta } from '../components/use-admin-page-meta'
import { ReportDetailDialog } from '../reports/report-detail-dialog'
import { REPORT_FILTER_PARAMETERS } from '../reports/report-filters'
import '../i18n/fr'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'

function Performance({
  loading,
  resolved,
  total,
  today,
  week,
  averageHours,
}: {
  loading: boolean
  resolved: number
  total: number
  today: number
  week: number
  averageHours: number
}) {
  const { t } = useTranslation('admin')
  const formatHours = useFormatHours()
  const rate = resolutionRate(resolved, total)
  const figure = (value: number | string) =>
    loading ? (
      <Skeleton className="h-6 w-12" />
    ) : (
      <span className="text-lg font-bold text-slate-900">{value}</span>
    )
  return (
    <Card asChild>
      <section aria-labelledby="performance-title" className="flex flex-col gap-4 p-5">
        <h2 id="performance-title" className="text-lg font-bold text-slate-900">
          {t('dashboard.performance')}
        </h2>
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="font-medium text-slate-700">{t('dashboard.resolutionRate')}</span>
            {figure(formatPercent(rate))}
          </div>
          <Progress value={loading ? 0 : rate} label={t('dashboard.resolutionRate')} />
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="flex flex-col gap-1 rounded-lg bg-slate-50 p-3">
            <dt className="text-slate-600">{t('dashboard.today')}</dt>
            <dd>{figure(today)}</dd>
          </div>
          <div className="flex flex-col gap-1 rounded-lg bg-slate-50 p-3">
            <dt className="text-slate-600">{t('dashboard.thisWeek')}</dt>
            <dd>{figure(week)}</dd>
          </div>
          {/* Shown only when there is something to say (SPEC.md section 9). */}
          {!loading && averageHours !== 0 ? (
            <div className="col-span-2 flex flex-col gap-1 rounded-lg bg-slate-50 p-3">
              <dt className="text-slate-600">{t('dashboard.averageResolution')}</dt>
              <dd className="text-lg font-bold text-slate-900">{formatHours(averageHours)}</dd>
            </div>
          ) : null}
        </dl>
      </section>
    </Card>
  )
}

/** The SMS channel at a glance (issue 31): shown only when the channel is on. */
function SmsChannelCard() {
  const { t } = useTranslation('admin')
  const smsNumber = useSmsNumber()
  const { data: status, isPending } = useSmsStatus(smsNumber !== null)
  if (!smsNumber) return null
  const figure = (value: ReactNode) =>
    isPending || !status ? (
      <Skeleton className="h-6 w-16" />
    ) : (
      <span className="font-bold text-slate-900">{value}</span>
    )
  const rows = [
    {
      label: t('dashboard.sms.gateway'),
      value: figure(
        status?.gateway_reachable ? (
          <span className="text-green-800">{t('dashboard.sms.reachable')}</span>
        ) : (
          <span className="text-red-700">{t('dashboard.sms.unreachable')}</span>
        ),
      ),
    },
    {
      label: t('dashboard.sms.lastReceived'),
      value: figure(
        status?.last_received_at ? formatDateTime(status.last_received_at) : t('dashboard.sms.noneReceived'),
      ),
    },
    { label: t('dashboard.sms.waiting'), value: figure(status?.waiting) },
    { label: t('dashboard.sms.failedToday'), value: figure(status?.failed_today) },
  ]
  return (
    <Card asChild>
      <section aria-labelledby="sms-title" className="flex flex-col gap-4 p-5">
        <h2 id="sms-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <MessageSquareText aria-hidden="true" className="size-5 text-green-700" />
          {t('dashboard.sms.title')} · {phoneNumberForDisplay(smsNumber)}
        </h2>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          {rows.map(({ label, value }) => (
            <div key={label} className="flex flex-col gap-1 rounded-lg bg-slate-50 p-3">
              <dt className="text-slate-600">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  )
}

/** One list of the dashboard: its title, what it holds, and the link to the whole list. */
function DashboardList({
  titleId,
  title,
  text,
  seeAll,
  children,
}: {
  titleId: string
  title: string
  text?: string
  seeAll: { to: string; label: string }
  children: ReactNode
}) {
  return (
    <Card asChild>
      <section aria-labelledby={titleId} className="flex flex-col gap-4 p-5">
        <div className="flex flex-wrap items-center justify-between gap-x-2">
          <div className="flex flex-col gap-1">
            <h2 id={titleId} className="text-lg font-bold text-slate-900">
              {title}
            </h2>
            {text ? <p className="text-sm text-slate-600">{text}</p> : null}
          </div>
          <Link
            to={seeAll.to}
            className="-mx-2 inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium whitespace-nowrap text-green-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
          >
            {seeAll.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        {children}
      </section>
    </Card>
  )
}

/**
 * A report of a dashboard list, opened as on the report management screen: its title is the
 * button, and the dialog is the list's.
 */
function useOpenedReport() {
  const { t } = useTranslation('admin')
  const [opened, setOpened] = useState<{ id: string; code: string } | null>(null)
  const titleOf = (report: AdminReport) => (
    <button
      type="button"
      onClick={() => setOpened({ id: report.id, code: report.anonymous_code })}
      aria-label={t('reports.viewLabel', { code: report.anonymous_code })}
      className="-mx-1 truncate rounded px-1 text-left font-semibold text-slate-900 hover:text-green-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
    >
      {report.type}
    </button>
  )
  const dialog = (
    <ReportDetailDialog
      reportId={opened?.id ?? null}
      code={opened?.code ?? ''}
      onClose={() => setOpened(null)}
    />
  )
  return { titleOf, dialog }
}

function RecentReports() {
  const { t } = useTranslation('admin')
  // The first page of the report management list: the newest first, shared with that screen.
  const { data, isPending } = useAdminReports({}, 1)
  const recent = data?.items.slice(0, ADMIN_DASHBOARD_RECENT_REPORTS) ?? []
  const { titleOf, dialog } = useOpenedReport()
  return (
    <DashboardList
      titleId="recent-title"
      title={t('dashboard.recent')}
      seeAll={{ to: '/admin/reports', label: t('dashboard.seeAll') }}
    >
      {isPending ? (
        <ul className="flex flex-col gap-3" aria-hidden="true">
          {placeholderKeys(ADMIN_DASHBOARD_RECENT_REPORTS).map((key) => (
            <li key={key} data-testid="recent-skeleton" className="flex items-center justify-between gap-3">
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-1/2" />
              </div>
              <Skeleton shape="pill" className="h-5 w-16" />
            </li>
          ))}
        </ul>
      ) : recent.length === 0 ? (
        <p className="flex items-center gap-2 py-6 text-sm text-slate-600">
          <Inbox aria-hidden="true" className="size-5" />
          {t('dashboard.recentEmpty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {recent.map((report) => (
            <li
              key={report.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col">
                {titleOf(report)}
                <p className="text-sm text-slate-600">
                  <PlaceName report={report} /> · {formatLongDate(report.created_at)}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <ReportPriorityBadge priority={report.priority} />
                <ReportStatusBadge status={report.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </DashboardList>
  )
}

/**
 * The whole list of the reports to assign: the report management screen, waiting ones past their
 * claim target (`retard=claim`, beside `statut`, in its address), as the card lists them; not
 * those put back "En attente" after a claim, late to be resolved.
 */
const TO_ASSIGN_LIST = `/admin/reports?${new URLSearchParams({
  [REPORT_FILTER_PARAMETERS.status]: FILED_STATUS,
  [REPORT_FILTER_PARAMETERS.overdue]: 'claim' satisfies OverdueKind,
})}`

/** The organisations covering one report to assign, each a button that hands it over. */
function CoveringOrganizations({ report }: { report: AdminReport }) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const eligible = useEligibleOrganizations(report.id)
  const update = useUpdateAdminReport(report.id)
  if (eligible.isPending) return <Skeleton className="h-9 w-40" />
  if (eligible.isError) return <p className="text-sm text-red-700">{t('detail.eligibleFailed')}</p>
  const organizations = eligible.data.items
  if (organizations.length === 0) {
    return <p className="text-sm text-slate-600">{t('detail.noEligible', { category: report.type })}</p>
  }
  const assign = (organization: { id: string; name: string }) =>
    update.mutate(
      { organization_id: organization.id },
      {
        // The list and the figures reload (useUpdateAdminReport): the report leaves "À attribuer".
        onSuccess: () => toast.success(t('detail.assigned', { organization: organization.name })),
        onError: (error) =>
          toast.error(tRoot('common.error'), {
            description:
              error instanceof ApiError && error.status < 500 ? error.message : t('detail.updateFailed'),
          }),
      },
    )
  return (
    <ul aria-label={t('dashboard.coveredBy')} className="flex flex-wrap gap-2">
      {organizations.map((organization) => (
        <li key={organization.id}>
          <Button
            variant="outline"
            disabled={update.isPending}
            onClick={() => assign(organization)}
            aria-label={t('dashboard.assignToLabel', {
              code: report.anonymous_code,
              organization: organization.name,
            })}
          >
            {t('dashboard.assignTo', { organization: organization.name })}
          </Button>
        </li>
      ))}
    </ul>
  )
}

/**
 * "À attribuer" (issue 30): the newest reports nobody claimed within their category's target, each
 * with the organisations that cover it, to be handed to one of them in one click.
 */
function ReportsToAssign() {
  const { t } = useTranslation('admin')
  const { data, isPending } = useAdminReports({ overdue: 'claim' }, 1)
  const reports = data?.items.slice(0, ADMIN_DASHBOARD_TO_ASSIGN_REPORTS) ?? []
  const { titleOf, dialog } = useOpenedReport()
  return (
    <DashboardList
      titleId="to-assign-title"
      title={t('dashboard.toAssign')}
      text={t('dashboard.toAssignText')}
      seeAll={{ to: TO_ASSIGN_LIST, label: t('dashboard.toAssignSeeAll') }}
    >
      {isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} data-testid="to-assign-skeleton" className="h-16 w-full" />
          ))}
        </div>
      ) : reports.length === 0 ? (
        <p className="flex items-center gap-2 py-4 text-sm text-slate-600">
          <CircleCheck aria-hidden="true" className="size-5 text-green-700" />
          {t('dashboard.toAssignEmpty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {reports.map((report) => (
            <li key={report.id} className="flex flex-col gap-2 py-3">
              <div className="flex min-w-0 flex-col">
                {titleOf(report)}
                <p className="text-sm text-slate-600">
                  <PlaceName report={report} /> ·{' '}
                  {t('dashboard.filedOn', { date: formatLongDate(report.created_at) })}
                </p>
              </div>
              <CoveringOrganizations report={report} />
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </DashboardList>
  )
}

/**
 * /admin/dashboard: the five counters (late reports the fifth), the performance card, the newest
 * reports and those to assign.
 */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin')
  useAdminPageMeta(t('meta.dashboard'))
  // A failed load is only logged (SPEC.md section 8): the figures then read 0.
  const { data: stats, isPending } = useAdminStats()
  const value = (key: keyof NonNullable<typeof stats>) => stats?.[key] ?? 0
  const counter = (key: keyof NonNullable<typeof stats>) => (isPending ? undefined : value(key))

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('nav.dashboard')} subtitle={t('dashboard.subtitle')} />
      {isPending ? (
        <p role="status" className="sr-only">
          {t('dashboard.loading')}
        </p>
      ) : null}
      <StatGrid columns={5}>
        <StatCard
          label={REPORT_STATUSES['en-attente'].label}
          hint={t('dashboard.pendingHint')}
          value={counter('pending_reports')}
          icon={REPORT_STATUS_ICONS['en-attente']}
          tone="red"
        />
        <StatCard
          label={REPORT_STATUSES['en-cours'].label}
          hint={t('dashboard.inProgressHint')}
          value={counter('in_progress_reports')}
          icon={REPORT_STATUS_ICONS['en-cours']}
          tone="yellow"
        />
        <StatCard
          label={t('dashboard.resolved')}
          hint={t('dashboard.resolvedHint')}
          value={counter('resolved_reports')}
          icon={REPORT_STATUS_ICONS.resolu}
          tone="green"
        />
        <StatCard
          label={t('fields.total')}
          hint={t('dashboard.totalHint')}
          value={counter('total_reports')}
          icon={FileText}
          tone="blue"
        />
        <StatCard
          label={t('dashboard.overdue')}
          hint={t('dashboard.overdueHint')}
          value={counter('overdue_reports')}
          icon={AlarmClock}
          tone="orange"
        />
      </StatGrid>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_2fr]">
        <Performance
          loading={isPending}
          resolved={value('resolved_reports')}
          total={value('total_reports')}
          today={value('today_reports')}
          week={value('week_reports')}
          averageHours={value('avg_resolution_hours')}
        />
        <RecentReports />
      </div>
      <ReportsToAssign />
      <SmsChannelCard />
    </div>
  )
}

export const Component = AdminDashboardPage

export const handle: PageHandle = { rendered: 'session' }
// Its « À attribuer » is the first page of the reports late to be claimed.
export const loader = pageLoader(
  () => [
    adminStatsQueryOptions(),
    adminReportsQueryOptions({}, 1),
    adminReportsQueryOptions({ overdue: 'claim' }, 1),
  ],
  'admin',
)
