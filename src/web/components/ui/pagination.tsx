import ChevronLeft from 'lucide-react/icons/chevron-left'
import ChevronRight from 'lucide-react/icons/chevron-right'
import { useTranslation } from 'react-i18next'
import { pageCount } from '../../../domain/pagination-rules'
import { Button } from './button'

/** "Page x / y" with Précédent and Suivant; hidden when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
}: {
  page: number
  pageSize: number
  total: number
  onPageChange: (page: number) => void
}) {
  const { t } = useTranslation()
  const pages = pageCount(total, pageSize)
  if (pages <= 1) return null
  return (
    <nav aria-label={t('common.pagination')} className="flex items-center justify-between gap-3 pt-2">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t('common.previous')}
      </Button>
      <span className="text-sm font-medium text-slate-700" aria-live="polite">
        {t('common.pageOf', { page, pages })}
      </span>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        {t('common.next')}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  )
}
