import Calendar from 'lucide-react/icons/calendar'
import Eye from 'lucide-react/icons/eye'
import Hash from 'lucide-react/icons/hash'
import Landmark from 'lucide-react/icons/landmark'
import MapPin from 'lucide-react/icons/map-pin'
import Users from 'lucide-react/icons/users'
import { useTranslation } from 'react-i18next'
import type { AdminReport } from '../../../../domain/admin'
import { OverdueBadge } from '../../../components/report/overdue-badge'
import { PlaceName } from '../../../components/report/place-name'
import { ReportArea } from '../../../components/report/report-area'
import { ReportPriorityBadge, ReportStatusBadge } from '../../../components/report/report-badges'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { formatLongDate } from '../../../lib/format-dates'
import '../../../i18n/deferred/fr'

/** One report of the management list: what it is, where and in which commune, when, its code, and "Voir". */
export function AdminReportCard({ report, onView }: { report: AdminReport; onView: () => void }) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const { t: tDeferred } = useTranslation('deferred')
  const code = report.anonymous_code || tRoot('common.anonymous')
  return (
    <Card asChild>
      <article className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900">{report.type}</h2>
          <div className="flex flex-wrap gap-2">
            <ReportStatusBadge status={report.status} />
            <ReportPriorityBadge priority={report.priority} />
            <OverdueBadge overdue={report.overdue} />
          </div>
        </div>
        <p className="line-clamp-2 text-sm text-slate-700">{report.description}</p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            <li className="flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-4" />
              <PlaceName report={report} />
            </li>
            <li className="flex items-center gap-1">
              <Landmark aria-hidden="true" className="size-4" />
              <ReportArea area={report.area} report={report} />
            </li>
            <li className="flex items-center gap-1">
              <Calendar aria-hidden="true" className="size-4" />
              {formatLongDate(report.created_at)}
            </li>
            <li className="flex items-center gap-1 font-mono">
              <Hash aria-hidden="true" className="size-4" />
              {code}
            </li>
            <li className="flex items-center gap-1">
              <Users aria-hidden="true" className="size-4" />
              {tDeferred('report.supporters', { count: report.supporters_count })}
            </li>
          </ul>
          <Button variant="outline" size="md" onClick={onView} aria-label={t('reports.viewLabel', { code })}>
            <Eye aria-hidden="true" className="size-4" />
            {tShell('view')}
          </Button>
        </div>
      </article>
    </Card>
  )
}
