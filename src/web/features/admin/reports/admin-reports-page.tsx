import Download from 'lucide-react/icons/download'
import FileSearch from 'lucide-react/icons/file-search'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ADMIN_REPORT_SORT_VALUES,
  ADMIN_REPORT_SORTS,
  DEFAULT_ADMIN_REPORT_SORT,
} from '../../../../domain/admin-rules'
import { ADMIN_PAGE_SIZE } from '../../../../domain/constants'
import { OVERDUE_FILTER, OVERDUE_KIND_VALUES, OVERDUE_KINDS, OVERDUE_LABEL } from '../../../../domain/overdue'
import type { PageCursor } from '../../../../domain/pagination-rules'
import { REPORT_STATUS_VALUES } from '../../../../domain/report-states'
import { PageHeader } from '../../../components/layout/page-header'
import { ReportCardSkeleton } from '../../../components/report/report-card-skeleton'
import { priorityOptions, statusOptions } from '../../../components/report/report-options'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FilterCard } from '../../../components/ui/filter-card'
import { Pagination } from '../../../components/ui/pagination'
import { RefreshButton } from '../../../components/ui/refresh-button'
import { SearchField } from '../../../components/ui/search-field'
import { SelectField } from '../../../components/ui/select-field'
import { placeholderKeys } from '../../../components/ui/skeleton'
import { ApiError } from '../../../lib/api-client'
import { useAreas } from '../../../lib/areas'
import { toast } from '../../../lib/toast'
import { useAddressParams } from '../../../lib/use-address-params'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { cursorTowards, useClampedPage } from '../../../lib/use-list-page'
import { useExportReports } from '../api/create-export-link'
import { adminReportsQueryOptions, useAdminReports } from '../api/get-admin-reports'
import { useAdminPageMeta } from '../components/use-admin-page-meta'
import { useLoadErrorToast } from '../components/use-load-error-toast'
import { AdminReportCard } from './report-card'
import { ReportDetailDialog } from './report-detail-dialog'
import { readReportFilters, withReportFilter, withReportPage } from './report-filters'
import '../i18n/fr'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'

/** /admin/reports: every report, searched, filtered and paged by the server, exported as CSV. */
export function AdminReportsPage() {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  useAdminPageMeta(t('meta.reports'))

  // The filters, the page and a search's cursor live in the address: a reload and "back" keep them.
  const [params, setParams] = useAddressParams()
  const address = params.toString()
  const { filters, page, cursor } = useMemo(() => readReportFilters(new URLSearchParams(address)), [address])
  const setFilter = (
    name: 'q' | 'status' | 'priority' | 'sort' | 'area' | 'overdue',
    value: string | undefined,
  ) => setParams((current) => withReportFilter(current, name, value))
  const setPage = useCallback(
    (next: number, to?: PageCursor) => setParams((current) => withReportPage(current, next, to)),
    [setParams],
  )
  const [opened, setOpened] = useState<{ id: string; code: string } | null>(null)

  // What is typed goes to the address once the typing pauses; an address changed otherwise
  // ("back") shows its own search in the field.
  const [search, setSearch] = useState(filters.q ?? '')
  const q = useDebouncedValue(search.trim())
  const urlQ = filters.q ?? ''
  const lastWritten = useRef(urlQ)
  useEffect(() => {
    if (q === lastWritten.current) return
    lastWritten.current = q
    setParams((current) => withReportFilter(current, 'q', q))
  }, [q, setParams])
  useEffect(() => {
    if (urlQ === lastWritten.current) return
    lastWritten.current = urlQ
    setSearch(urlQ)
  }, [urlQ])

  const reports = useAdminReports(filters, page, cursor)
  // A cursor the server no longer takes (a link kept too long, 400): the search from its start.
  const staleCursor = Boolean(cursor.after || cursor.before) && reports.error instanceof ApiError
  useEffect(() => {
    if (staleCursor && (reports.error as ApiError).status === 400) setPage(1)
  }, [staleCursor, reports.error, setPage])
  // The list shrank under the current page (a report was rejected meanwhile): go to the last one.
  useClampedPage(page, setPage, reports.data)
  useLoadErrorToast(reports.isError, reports.errorUpdatedAt, t('reports.loadFailed'))
  const exportReports = useExportReports()
  const areas = useAreas()

  const onExport = () =>
    exportReports.mutate(filters, {
      onError: () => toast.error(tRoot('common.error'), { description: t('reports.exportFailed') }),
    })

  const total = reports.data?.total ?? 0
  const totalCapped = reports.data?.totalCapped ?? false
  const items = reports.data?.items ?? []
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('reports.title')}
        subtitle={totalCapped ? t('reports.foundMore', { total }) : t('reports.found', { total })}
      >
        <RefreshButton onRefresh={() => void reports.refetch()} busy={reports.isFetching} />
        <Button onClick={onExport} disabled={exportReports.isPending}>
          <Download aria-hidden="true" className="size-4" />
          {exportReports.isPending ? t('reports.exporting') : t('reports.export')}
        </Button>
      </PageHeader>

      <FilterCard title={t('reports.filters')}>
        <SearchField placeholder={t('reports.searchPlaceholder')} value={search} onChange={setSearch} />
        <SelectField
          label={t('fields.status')}
          value={filters.status ?? 'all'}
          onChange={(value) => setFilter('status', value)}
          options={[
            { value: 'all', label: t('reports.allStatuses') },
            ...statusOptions(REPORT_STATUS_VALUES),
          ]}
        />
        <SelectField
          label={t('fields.priority')}
          value={filters.priority ?? 'all'}
          onChange={(value) => setFilter('priority', value)}
          options={[{ value: 'all', label: t('reports.allPriorities') }, ...priorityOptions()]}
        />
        <SelectField
          label={t('fields.area')}
          value={filters.area ? String(filters.area) : 'all'}
          onChange={(value) => setFilter('area', value)}
          options={[
            { value: 'all', label: t('reports.allAreas') },
            ...(areas.data ?? []).map((area) => ({ value: String(area.id), label: area.name })),
          ]}
        />
        <SelectField
          label={t('fields.overdue')}
          value={filters.overdue ?? 'all'}
          onChange={(value) => setFilter('overdue', value)}
          options={[
            { value: 'all', label: t('reports.allDelays') },
            { value: OVERDUE_FILTER, label: OVERDUE_LABEL },
            ...OVERDUE_KIND_VALUES.map((value) => ({ value, label: OVERDUE_KINDS[value].label })),
          ]}
        />
        <SelectField
          label={t('reports.sortBy')}
          value={filters.sort ?? DEFAULT_ADMIN_REPORT_SORT}
          onChange={(value) => setFilter('sort', value)}
          options={ADMIN_REPORT_SORT_VALUES.map((value) => ({
            value,
            label: ADMIN_REPORT_SORTS[value].label,
          }))}
        />
      </FilterCard>

      <section aria-label={t('reports.list')} aria-busy={reports.isFetching} className="flex flex-col gap-3">
        {reports.isPending ? (
          placeholderKeys(3).map((key) => <ReportCardSkeleton key={key} />)
        ) : items.length === 0 ? (
          <EmptyState icon={FileSearch} title={t('reports.emptyTitle')} text={t('reports.emptyText')} />
        ) : (
          items.map((report) => (
            <AdminReportCard
              key={report.id}
              report={report}
              onView={() => setOpened({ id: report.id, code: report.anonymous_code })}
            />
          ))
        )}
        <Pagination
          page={page}
          pageSize={ADMIN_PAGE_SIZE}
          total={total}
          totalCapped={totalCapped}
          items={items}
          onPageChange={(next, direction) => setPage(next, cursorTowards(reports.data, page, direction))}
        />
      </section>

      <ReportDetailDialog
        reportId={opened?.id ?? null}
        code={opened?.code ?? ''}
        onClose={() => setOpened(null)}
      />
    </div>
  )
}

export const Component = AdminReportsPage

export const handle: PageHandle = { rendered: 'session' }
// The reports' filters live in the page's address.
export const loader = pageLoader(({ request }) => {
  const { filters, page, cursor } = readReportFilters(new URL(request.url).searchParams)
  return [adminReportsQueryOptions(filters, page, cursor)]
}, 'admin')
