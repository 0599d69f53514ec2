import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ORGANIZATION_PAGE_SIZE } from '../../../../domain/constants'
import type { OrganizationReport } from '../../../../domain/organization-space'
import type { Page, PageCursor } from '../../../../domain/pagination-rules'
import { ReportCardSkeleton } from '../../../components/report/report-card-skeleton'
import { LoadError } from '../../../components/ui/load-error'
import { Pagination } from '../../../components/ui/pagination'
import { placeholderKeys } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/class-names'
import { cursorTowards } from '../../../lib/use-list-page'

/**
 * One page of reports of the organisation space as cards, 8 a page, under a heading or a count:
 * placeholders while the first page loads, the server's reason when it fails, the screen's empty
 * state, then the cards (dimmed while the next page loads) and the pages.
 */
export function ReportList({
  title,
  summary,
  reports,
  page,
  onPageChange,
  placeholders,
  empty,
  children,
}: {
  /** The list's heading, or else a line saying how many there are (more than `total` when capped). */
  title?: string
  summary?: (total: number, totalCapped: boolean) => string
  reports: UseQueryResult<Page<OrganizationReport>>
  page: number
  /** The page asked for, with the search's cursor leading there when the list has cursors. */
  onPageChange: (page: number, cursor: PageCursor) => void
  placeholders: number
  empty: ReactNode
  children: (report: OrganizationReport) => ReactNode
}) {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const headingId = useId()
  const { data } = reports
  let content: ReactNode
  if (reports.isPending) {
    content = (
      <div className="grid gap-3 lg:grid-cols-2">
        {placeholderKeys(placeholders).map((key) => (
          <ReportCardSkeleton key={key} thumbnail />
        ))}
      </div>
    )
  } else if (!data) {
    content = (
      <LoadError
        title={t('lists.loadFailed')}
        message={reports.error?.message}
        onRetry={() => void reports.refetch()}
      />
    )
  } else if (data.items.length === 0) {
    content = empty
  } else {
    content = (
      <ul className={cn('grid gap-3 lg:grid-cols-2', reports.isPlaceholderData && 'opacity-60')}>
        {data.items.map((report) => (
          <li key={report.id}>{children(report)}</li>
        ))}
      </ul>
    )
  }
  return (
    <section aria-labelledby={headingId} aria-busy={reports.isFetching} className="flex flex-col gap-3">
      {title ? (
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
      ) : (
        <p id={headingId} className="text-sm font-medium text-slate-700" aria-live="polite">
          {data && summary ? summary(data.total, data.totalCapped ?? false) : tRoot('common.loading')}
        </p>
      )}
      {content}
      {data ? (
        <Pagination
          page={page}
          pageSize={ORGANIZATION_PAGE_SIZE}
          total={data.total}
          totalCapped={data.totalCapped}
          items={data.items}
          onPageChange={(next, direction) => onPageChange(next, cursorTowards(data, page, direction))}
        />
      ) : null}
    </section>
  )
}
