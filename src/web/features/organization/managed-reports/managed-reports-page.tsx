import Inbox from 'lucide-react/icons/inbox'
import SearchX from 'lucide-react/icons/search-x'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OrganizationReport } from '../../../../domain/organization-space'
import {
  ORGANIZATION_SETTABLE_STATUSES,
  type OrganizationSettableStatus,
} from '../../../../domain/report-states'
import { PageHeader } from '../../../components/layout/page-header'
import { MapLoading } from '../../../components/map/map-loading'
import { statusOptions } from '../../../components/report/report-options'
import { buttonClassName } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FilterCard } from '../../../components/ui/filter-card'
import { RefreshButton } from '../../../components/ui/refresh-button'
import { SearchField } from '../../../components/ui/search-field'
import { SelectField } from '../../../components/ui/select-field'
import { formatLongDate } from '../../../lib/format-dates'
import { usePageMeta } from '../../../lib/page-meta'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { useHydrated } from '../../../lib/use-hydrated'
import { useClampedPage, useListPage } from '../../../lib/use-list-page'
import {
  type ManagedFilters,
  managedReportsQueryOptions,
  useManagedReports,
} from '../api/get-managed-reports'
import { statsQueryOptions, useStats } from '../api/get-stats'
import { ListOrMapSwitch, useListOrMap } from '../components/list-or-map'
import { OverdueOnlyFilter, readOverdueOnly, useOverdueOnly } from '../components/overdue-only-filter'
import { ReportCard } from '../components/report-card'
import { ReportCounters } from '../components/report-counters'
import { ReportDetailsDialog } from '../components/report-details-dialog'
import { ReportList } from '../components/report-list'
import '../i18n/fr'
import { LIST_VIEW_PARAMETER } from '../../../../domain/page'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'
import { ReportAssignee } from './report-assignee'
import { ReportStatusSelect } from './report-status-select'

const ReportsMap = lazy(() => import('../components/reports-map'))

/** What each of its reports offers on the map: its details, who it is handed to, and its status. */
const actionsOf = (report: OrganizationReport) => (
  <>
    <ReportDetailsDialog report={report} />
    <ReportAssignee report={report} />
    <ReportStatusSelect report={report} />
  </>
)

type AssigneeChoice = 'all' | 'me' | 'none'

/** The reports the organisation manages: counts, search, status filter, a status select on each. */
export function ManagedReportsPage() {
  const { t } = useTranslation('organization')
  usePageMeta({ title: t('meta.managed'), description: t('meta.description') })
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<OrganizationSettableStatus | 'all'>('all')
  const [assignee, setAssignee] = useState<AssigneeChoice>('all')
  const [overdueOnly, showOverdueOnly] = useOverdueOnly()
  const q = useDebouncedValue(search.trim())
  const [page, setPage] = useListPage(`${q}|${status}|${assignee}|${overdueOnly}`)
  // Every report: the filters the server rendered the page with, and its loader's query key.
  const listFilters = {
    q,
    status,
    ...(assignee === 'all' ? {} : { assignee }),
    ...(overdueOnly ? { overdue: true as const } : {}),
  }
  const reports = useManagedReports({ ...listFilters, page })
  const stats = useStats()
  useClampedPage(page, setPage, reports.data)
  const filtered = Boolean(q) || status !== 'all' || assignee !== 'all' || overdueOnly
  const [onMap, showMap] = useListOrMap()
  const hydrated = useHydrated()

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('nav.managed')} subtitle={t('managed.subtitle')}>
        <RefreshButton
          onRefresh={() => {
            void reports.refetch()
            void stats.refetch()
          }}
          busy={reports.isFetching}
        />
      </PageHeader>

      <ReportCounters stats={stats.data} label={t('nav.managed')} totalLabel={t('managed.total')} />

      <FilterCard>
        <SearchField placeholder={t('lists.searchPlaceholder')} value={search} onChange={setSearch} />
        <SelectField
          label={t('managed.statusFilter')}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'all', label: t('managed.allStatuses') },
            ...statusOptions(ORGANIZATION_SETTABLE_STATUSES),
          ]}
        />
        <SelectField
          label={t('managed.assigneeFilter')}
          value={assignee}
          onChange={setAssignee}
          options={[
            { value: 'all', label: t('managed.allAssignees') },
            { value: 'me', label: t('managed.toMe') },
            { value: 'none', label: t('managed.toNobody') },
          ]}
        />
        <OverdueOnlyFilter checked={overdueOnly} onChange={showOverdueOnly} />
      </FilterCard>

      <ListOrMapSwitch onMap={onMap} onChange={showMap} />
      {onMap ? (
        // Leaflet runs in a browser only: the server renders the map's loading state.
        hydrated ? (
          <Suspense
            fallback={
              <MapLoading className="h-[60dvh] min-h-80 rounded-xl border border-slate-200 bg-slate-100" />
            }
          >
            <ReportsMap list="managed" filters={listFilters} actions={actionsOf} />
          </Suspense>
        ) : (
          <MapLoading className="h-[60dvh] min-h-80 rounded-xl border border-slate-200 bg-slate-100" />
        )
      ) : (
        <ReportList
          summary={(total) => t('managed.count', { total })}
          reports={reports}
          page={page}
          onPageChange={setPage}
          placeholders={4}
          empty={
            filtered ? (
              <EmptyState icon={SearchX} title={t('lists.noMatchTitle')} text={t('lists.noMatchText')} />
            ) : (
              <EmptyState icon={Inbox} title={t('managed.emptyTitle')} text={t('managed.emptyText')}>
                <Link
                  to="/organization/available-reports"
                  className={buttonClassName({ variant: 'outline', className: 'mt-2' })}
                >
                  {t('dashboard.seeAvailable')}
                </Link>
              </EmptyState>
            )
          }
        >
          {(report) => (
            <ReportCard report={report} actions={<ReportDetailsDialog report={report} />}>
              {report.claimed_at ? (
                <p className="text-xs text-slate-600">
                  {t('report.claimedOn', { date: formatLongDate(report.claimed_at) })}
                </p>
              ) : null}
              <ReportAssignee report={report} />
              <ReportStatusSelect report={report} />
            </ReportCard>
          )}
        </ReportList>
      )}
    </div>
  )
}

export { ManagedReportsPage as Component }

export const handle: PageHandle = { rendered: 'session', parameters: [LIST_VIEW_PARAMETER] }
export const loader = pageLoader(({ request }) => {
  const overdue = readOverdueOnly(new URL(request.url).searchParams)
  const filters: ManagedFilters = { q: '', status: 'all', page: 1, ...(overdue ? { overdue: true } : {}) }
  return [managedReportsQueryOptions(filters), statsQueryOptions()]
}, 'organization')
