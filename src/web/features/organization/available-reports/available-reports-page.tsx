import ClipboardList from 'lucide-react/icons/clipboard-list'
import Inbox from 'lucide-react/icons/inbox'
import SearchX from 'lucide-react/icons/search-x'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { PageHeader } from '../../../components/layout/page-header'
import { MapLoading } from '../../../components/map/map-loading'
import { buttonClassName } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FilterCard } from '../../../components/ui/filter-card'
import { RefreshButton } from '../../../components/ui/refresh-button'
import { SearchField } from '../../../components/ui/search-field'
import { usePageMeta } from '../../../lib/page-meta'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { useHydrated } from '../../../lib/use-hydrated'
import { useClampedPage, useListPage } from '../../../lib/use-list-page'
import { availableReportsQueryOptions, useAvailableReports } from '../api/get-available-reports'
import { ListOrMapSwitch, useListOrMap } from '../components/list-or-map'
import { OverdueOnlyFilter, readOverdueOnly, useOverdueOnly } from '../components/overdue-only-filter'
import { ReportCard } from '../components/report-card'
import { ReportDetailsDialog } from '../components/report-details-dialog'
import { ReportList } from '../components/report-list'
import '../i18n/fr'
import { LIST_VIEW_PARAMETER } from '../../../../domain/page'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'
import { ClaimReportDialog } from './claim-report-dialog'

const ReportsMap = lazy(() => import('../components/reports-map'))

/** What each report offers, on its card and on the map. */
const actionsOf = (report: OrganizationReport) => (
  <>
    <ReportDetailsDialog report={report} />
    <ClaimReportDialog report={report} />
  </>
)

/**
 * Unassigned reports of the organisation's categories: searched and paged on the server, kept
 * current by the live events of the organisation shell.
 */
export function AvailableReportsPage() {
  const { t } = useTranslation('organization')
  usePageMeta({ title: t('meta.available'), description: t('meta.description') })
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim())
  const [overdueOnly, showOverdueOnly] = useOverdueOnly()
  // The page, and the cursor that led to it when paging through a search.
  const [page, setPage, cursor] = useListPage(`${q}|${overdueOnly}`)
  const reports = useAvailableReports(q, page, cursor, overdueOnly)
  useClampedPage(page, setPage, reports.data)
  const [onMap, showMap] = useListOrMap()
  const hydrated = useHydrated()

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('nav.available')} subtitle={t('available.subtitle')}>
        <RefreshButton onRefresh={() => void reports.refetch()} busy={reports.isFetching} />
        <Link to="/organization/managed-reports" className={buttonClassName({ variant: 'outline' })}>
          <ClipboardList aria-hidden="true" className="size-4" />
          {t('nav.managed')}
        </Link>
      </PageHeader>

      <FilterCard>
        <SearchField placeholder={t('lists.searchPlaceholder')} value={search} onChange={setSearch} />
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
            <ReportsMap list="available" filters={{ q, overdue: overdueOnly }} actions={actionsOf} />
          </Suspense>
        ) : (
          <MapLoading className="h-[60dvh] min-h-80 rounded-xl border border-slate-200 bg-slate-100" />
        )
      ) : (
        <ReportList
          summary={(total, totalCapped) =>
            totalCapped ? t('available.countMore', { total }) : t('available.count', { total })
          }
          reports={reports}
          page={page}
          onPageChange={setPage}
          placeholders={4}
          empty={
            q || overdueOnly ? (
              <EmptyState icon={SearchX} title={t('lists.noMatchTitle')} text={t('lists.noMatchText')} />
            ) : (
              <EmptyState icon={Inbox} title={t('available.emptyTitle')} text={t('available.emptyText')} />
            )
          }
        >
          {(report) => <ReportCard report={report} actions={actionsOf(report)} />}
        </ReportList>
      )}
    </div>
  )
}

export { AvailableReportsPage as Component }

export const handle: PageHandle = { rendered: 'session', parameters: [LIST_VIEW_PARAMETER] }
export const loader = pageLoader(
  ({ request }) => [
    availableReportsQueryOptions('', 1, {}, readOverdueOnly(new URL(request.url).searchParams)),
  ],
  'organization',
)
