import Pencil from 'lucide-react/icons/pencil'
import Plus from 'lucide-react/icons/plus'
import SearchX from 'lucide-react/icons/search-x'
import Tags from 'lucide-react/icons/tags'
import Trash2 from 'lucide-react/icons/trash-2'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminCategory } from '../../../../domain/admin'
import { ADMIN_MESSAGES } from '../../../../domain/admin-rules'
import { ADMIN_PAGE_SIZE } from '../../../../domain/constants'
import { offsetOf, pageCount } from '../../../../domain/pagination-rules'
import { PageHeader } from '../../../components/layout/page-header'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { Pagination } from '../../../components/ui/pagination'
import { SearchField } from '../../../components/ui/search-field'
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton'
import { StatCard } from '../../../components/ui/stat-card'
import { Cell, RowHeader, Table, TableBody, TableHeader } from '../../../components/ui/table'
import { matchesSearch } from '../../../lib/search-text'
import { toast } from '../../../lib/toast'
import { useDeleteCategory } from '../api/category-mutations'
import { adminCategoriesQueryOptions, useAdminCategories } from '../api/get-admin-categories'
import { useAdminPageMeta } from '../components/use-admin-page-meta'
import { useLoadErrorToast } from '../components/use-load-error-toast'
import { CategoryDialog, type CategoryDialogState } from './category-dialog'
import { useTargetDuration } from './target-duration'
import '../i18n/fr'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'

function CategoryRow({
  category,
  onEdit,
}: {
  category: AdminCategory
  onEdit: (category: AdminCategory) => void
}) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const duration = useTargetDuration()
  const remove = useDeleteCategory()
  // No confirmation (SPEC.md): a category in use is refused by the server, so nothing is lost.
  const onDelete = () =>
    remove.mutate(category.id, {
      onSuccess: () => toast.success(t('categories.deleted')),
      // The server's text says what still uses the category (SPEC.md's text, made precise).
      onError: (error) =>
        toast.error(tRoot('common.error'), { description: error.message || ADMIN_MESSAGES.categoryInUse }),
    })
  return (
    <tr>
      <RowHeader>
        {category.nom}
        <span className="block text-xs font-normal text-slate-600">
          {t('categories.translationsOf', {
            en: category.translations.en || t('categories.untranslated'),
            wo: category.translations.wo || t('categories.untranslated'),
          })}
        </span>
        {/* On a phone the usage note sits under the name rather than in its own column. */}
        <span className="block text-xs font-normal text-slate-600 sm:hidden">
          {t('categories.usageNote')}
        </span>
      </RowHeader>
      <Cell className="text-sm text-slate-700">
        <span className="block whitespace-nowrap">
          {t('categories.claimTarget', { duration: duration(category.claim_target_hours) })}
        </span>
        <span className="block whitespace-nowrap">
          {t('categories.resolveTarget', { duration: duration(category.resolve_target_hours) })}
        </span>
      </Cell>
      <Cell className="hidden text-slate-600 sm:table-cell">{t('categories.usageNote')}</Cell>
      <Cell>
        <div className="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onEdit(category)}
            aria-label={t('actions.editLabel', { name: category.nom })}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-red-700 hover:bg-red-50"
            disabled={remove.isPending}
            onClick={onDelete}
            aria-label={t('categories.deleteLabel', { name: category.nom })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </Cell>
    </tr>
  )
}

/**
 * /admin/categories: the categories citizens choose from when they report a problem, with how long
 * their reports may wait to be claimed and to be resolved (issue 30).
 */
export function AdminCategoriesPage() {
  const { t } = useTranslation('admin')
  useAdminPageMeta(t('meta.categories'))
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [dialog, setDialog] = useState<CategoryDialogState>(null)

  const categories = useAdminCategories()
  useLoadErrorToast(categories.isError, categories.errorUpdatedAt, t('categories.loadFailed'))
  const all = categories.data ?? []
  const found = all.filter((category) => matchesSearch(search, [category.nom]))
  // After a deletion the last page may be gone: show the one before.
  const current = Math.min(page, pageCount(found.length, ADMIN_PAGE_SIZE))
  const shown = found.slice(offsetOf(current, ADMIN_PAGE_SIZE), offsetOf(current + 1, ADMIN_PAGE_SIZE))

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('nav.categories')} subtitle={t('categories.subtitle')}>
        <Button onClick={() => setDialog({ mode: 'create' })}>
          <Plus aria-hidden="true" className="size-4" />
          {t('categories.create')}
        </Button>
      </PageHeader>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_2fr]">
        <StatCard
          label={t('categories.total')}
          value={categories.isPending ? undefined : all.length}
          icon={Tags}
          tone="blue"
        />
        <Card className="p-4">
          <SearchField
            placeholder={t('categories.field')}
            value={search}
            onChange={(value) => {
              setSearch(value)
              setPage(1)
            }}
          />
        </Card>
      </div>

      {categories.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} className="h-12 w-full" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState icon={SearchX} title={t('categories.empty')} />
      ) : (
        <div className="flex flex-col gap-3">
          <Table caption={t('categories.list')}>
            <TableHeader
              columns={[
                t('fields.name'),
                t('categories.targets'),
                { label: t('categories.usage'), className: 'hidden sm:table-cell' },
                { label: t('fields.actions'), className: 'text-right' },
              ]}
            />
            <TableBody>
              {shown.map((category) => (
                <CategoryRow
                  key={category.id}
                  category={category}
                  onEdit={(edited) => setDialog({ mode: 'edit', category: edited })}
                />
              ))}
            </TableBody>
          </Table>
          <Pagination page={current} pageSize={ADMIN_PAGE_SIZE} total={found.length} onPageChange={setPage} />
        </div>
      )}

      <CategoryDialog state={dialog} onClose={() => setDialog(null)} />
    </div>
  )
}

export const Component = AdminCategoriesPage

export const handle: PageHandle = { rendered: 'session' }
export const loader = pageLoader(() => [adminCategoriesQueryOptions()], 'admin')
