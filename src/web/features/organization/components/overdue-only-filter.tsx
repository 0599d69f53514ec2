import { useTranslation } from 'react-i18next'
import { OVERDUE_FILTER } from '../../../../domain/overdue'
import { useAddressParams } from '../../../lib/use-address-params'
import '../i18n/fr'

/**
 * The address parameter of an organisation's list that keeps its late reports only (`?retard=1`),
 * as the admin's list names it: a reload, "back" and a shared link keep the filter.
 */
export const OVERDUE_ONLY_PARAMETER = 'retard'

/** Whether an address asks for the late reports only (issue 30). */
export function readOverdueOnly(params: URLSearchParams): boolean {
  return params.get(OVERDUE_ONLY_PARAMETER) === OVERDUE_FILTER
}

/** Whether the list shows its late reports only, kept in the page's address, and a way to change it. */
export function useOverdueOnly() {
  const [params, updateParams] = useAddressParams()
  const show = (overdueOnly: boolean) =>
    updateParams((current) => {
      const next = new URLSearchParams(current)
      if (overdueOnly) next.set(OVERDUE_ONLY_PARAMETER, OVERDUE_FILTER)
      else next.delete(OVERDUE_ONLY_PARAMETER)
      return next
    })
  return [readOverdueOnly(params), show] as const
}

/** "En retard seulement": the reports past their category's claim or resolve target. */
export function OverdueOnlyFilter({
  checked,
  onChange,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const { t } = useTranslation('organization')
  return (
    <label className="flex h-11 cursor-pointer items-center gap-3 self-end rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 shrink-0 accent-green-700"
      />
      {t('lists.overdueOnly')}
    </label>
  )
}
