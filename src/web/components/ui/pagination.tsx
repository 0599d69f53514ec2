import ChevronLeft from 'lucide-react/icons/chevron-left'
import ChevronRight from 'lucide-react/icons/chevron-right'
import { useTranslation } from 'react-i18next'
import '../layout/shell-texts'
import { hasNextPage, pageCount } from '../../../domain/pagination-rules'
import type { PageDirection } from '../../lib/use-list-page'
import { Button } from './button'

/**
 * "Page x / y" with Précédent and Suivant; hidden when everything fits on one page. A capped
 * search (Page.totalCapped) reads "Page x sur plus de y" and goes on while its pages come full,
 * which `items` (the page's items) tells.
 */
export function Pagination({
  page,
  pageSize,
  total,
  totalCapped = false,
  items = [],
  onPageChange,
}: {
  page: number
  pageSize: number
  total: number
  totalCapped?: boolean
  items?: unknown[]
  /** The page asked for, and which neighbour it is, for the caller to send a search's cursor. */
  onPageChange: (page: number, direction: PageDirection) => void
}) {
  const { t: tShell } = useTranslation('shell')
  const pages = pageCount(total, pageSize)
  if (pages <= 1 && !totalCapped) return null
  const hasNext = hasNextPage({ items, total, page, pageSize, totalCapped })
  return (
    <nav aria-label={tShell('pagination')} className="flex items-center justify-between gap-3 pt-2">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1, 'previous')}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        {tShell('previous')}
      </Button>
      <span className="text-sm font-medium text-slate-700" aria-live="polite">
        {totalCapped ? tShell('pageOfMore', { page, pages }) : tShell('pageOf', { page, pages })}
      </span>
      <Button variant="outline" disabled={!hasNext} onClick={() => onPageChange(page + 1, 'next')}>
        {tShell('next')}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  )
}
