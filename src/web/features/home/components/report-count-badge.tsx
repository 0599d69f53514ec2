import TriangleAlert from 'lucide-react/icons/triangle-alert'
import { useTranslation } from 'react-i18next'
import { useReportCount } from '../api/get-report-count'

/**
 * The number of reports in the department, just under the map: over it, it hid the reports and
 * groups at the bottom of the map.
 */
export function ReportCountBadge() {
  const { t } = useTranslation()
  const { data, isPending, isError } = useReportCount()
  // A failed count reads 0 (SPEC.md section 8); nothing is said until the first answer.
  const count = isError ? 0 : data?.count
  return (
    <p
      aria-live="polite"
      className="mx-auto mt-3 flex w-fit max-w-[calc(100%-1.5rem)] items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-center text-sm font-semibold text-slate-900 shadow-lg ring-1 ring-slate-200"
    >
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-red-700" />
      {isPending && count === undefined ? (
        <span aria-hidden="true" className="h-4 w-56 rounded bg-slate-200" />
      ) : (
        <span>{t('home.incidentCount', { count: count ?? 0 })}</span>
      )}
    </p>
  )
}
