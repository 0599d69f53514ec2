import Inbox from 'lucide-react/icons/inbox'
import { useTranslation } from 'react-i18next'
import { HOME_RECENT_REPORTS } from '../../../../domain/constants'
import { ReportCardSkeleton } from '../../../components/report/report-card-skeleton'
import { EmptyState } from '../../../components/ui/empty-state'
import { placeholderKeys } from '../../../components/ui/skeleton'
import { useRecentReports } from '../api/get-recent-reports'
import { ReportCard } from './report-card'

/** "Incidents récents": loading, empty (also when loading failed: SPEC.md section 8) or the cards. */
export function RecentReports() {
  const { t } = useTranslation()
  const { data, isPending, isError } = useRecentReports()
  const loading = isPending && !isError
  const reports = data ?? []

  return (
    <section aria-labelledby="recent-reports-title" aria-busy={loading} className="flex flex-col gap-4">
      <div>
        <h2 id="recent-reports-title" className="text-xl font-bold text-slate-900">
          {t('home.recent.title')}
        </h2>
        {loading ? (
          <p className="text-sm text-slate-600">{t('home.recent.loading')}</p>
        ) : reports.length > 0 ? (
          <p className="text-sm text-slate-600">{t('home.recent.loaded', { count: reports.length })}</p>
        ) : null}
      </div>

      {loading ? (
        <div className="grid gap-3 md:grid-cols-2">
          {placeholderKeys(HOME_RECENT_REPORTS).map((key) => (
            <ReportCardSkeleton key={key} />
          ))}
        </div>
      ) : reports.length === 0 ? (
        <EmptyState icon={Inbox} title={t('home.recent.emptyTitle')} text={t('home.recent.emptyText')} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {reports.map((report) => (
            <li key={report.id} className="flex [&>article]:w-full">
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
