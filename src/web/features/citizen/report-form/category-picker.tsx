import { useQuery } from '@tanstack/react-query'
import CircleHelp from 'lucide-react/icons/circle-help'
import Construction from 'lucide-react/icons/construction'
import Droplets from 'lucide-react/icons/droplets'
import Lightbulb from 'lucide-react/icons/lightbulb'
import Trash2 from 'lucide-react/icons/trash-2'
import type { ComponentType, SVGProps } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError } from '../../../components/ui/load-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { categoriesQueryOptions } from '../../../lib/categories'
import { useCategoryName } from '../../../lib/category-name'
import { cn } from '../../../lib/class-names'

type Icon = ComponentType<SVGProps<SVGSVGElement>>

/** Icons of the default categories, by name without accents; any other category gets a generic one. */
const CATEGORY_ICONS: Record<string, Icon> = {
  voirie: Construction,
  'eclairage public': Lightbulb,
  proprete: Trash2,
  assainissement: Droplets,
}

function iconOf(name: string): Icon {
  const key = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
  return CATEGORY_ICONS[key] ?? CircleHelp
}

/** The category as large buttons with icons (radio buttons: arrows move, one choice). */
export function CategoryPicker({
  value,
  onChange,
  error,
  errorId,
}: {
  value: number | null
  onChange: (categoryId: number) => void
  error?: string
  errorId: string
}) {
  const { t } = useTranslation('citizen')
  const categoryName = useCategoryName()
  const {
    data,
    isPending,
    isError,
    error: loadError,
    refetch,
  } = useQuery({
    ...categoriesQueryOptions(),
    // Categories change rarely: one request per visit is enough on a phone.
    staleTime: 10 * 60_000,
  })

  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="flex flex-col gap-3"
    >
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t('reportForm.category.legend')}</legend>
      {isPending ? (
        <div role="status" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <span className="sr-only">{t('reportForm.category.loading')}</span>
          {['a', 'b', 'c', 'd', 'e'].map((key) => (
            <Skeleton key={key} className="h-24 rounded-xl" />
          ))}
        </div>
      ) : isError ? (
        <LoadError
          message={`${t('reportForm.category.error')} ${loadError.message}`}
          onRetry={() => void refetch()}
        />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {data.map((category) => {
            const CategoryIcon = iconOf(category.nom)
            const checked = value === category.id
            return (
              <label
                key={category.id}
                className={cn(
                  'relative flex min-h-24 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 bg-white p-3 text-center text-sm font-semibold text-slate-900 shadow-sm transition-colors',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-green-600 has-[:focus-visible]:ring-offset-2',
                  'has-[:disabled]:cursor-wait has-[:disabled]:opacity-70',
                  checked
                    ? 'border-green-700 bg-green-50 text-green-900'
                    : 'border-slate-200 hover:border-green-400',
                )}
              >
                <input
                  type="radio"
                  name="category"
                  value={category.id}
                  checked={checked}
                  onChange={() => onChange(category.id)}
                  className="sr-only"
                />
                <CategoryIcon
                  aria-hidden="true"
                  className={cn('size-8', checked ? 'text-green-800' : 'text-green-700')}
                />
                {categoryName(category)}
              </label>
            )
          })}
        </div>
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
