import CalendarDays from 'lucide-react/icons/calendar-days'
import MapPin from 'lucide-react/icons/map-pin'
import { Link } from 'react-router'
import { reportPagePath } from '../../../../domain/citizen-rules'
import type { RecentReport } from '../../../../domain/report'
import { ReportStatusBadge } from '../../../components/report/report-badges'
import { Card } from '../../../components/ui/card'
import { useCategoryName } from '../../../lib/category-name'
import { formatLongDate } from '../../../lib/format-dates'

export function ReportCard({ report }: { report: RecentReport }) {
  const categoryName = useCategoryName()
  const address = report.address?.trim()
  return (
    <Card asChild>
      <article className="relative flex flex-col gap-2 p-4 focus-within:ring-2 focus-within:ring-green-600 hover:border-green-600">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-base font-semibold text-slate-900">
            {/* The whole card opens the report's public page. */}
            <Link
              to={reportPagePath(report.id)}
              className="after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none"
            >
              {categoryName(report.type)}
            </Link>
          </h3>
          <ReportStatusBadge status={report.status} unknown="raw" />
        </div>
        <p className="line-clamp-3 text-sm text-slate-700">{report.description}</p>
        <div className="flex flex-col gap-1 text-xs text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-4">
          {address ? (
            <span className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-green-700" />
              {address}
            </span>
          ) : null}
          <span className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-3.5 shrink-0 text-green-700" />
            <time dateTime={report.created_at}>{formatLongDate(report.created_at)}</time>
          </span>
        </div>
      </article>
    </Card>
  )
}
