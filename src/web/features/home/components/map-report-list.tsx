import { useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { reportPagePath } from '../../../../domain/citizen-rules'
import { ReportStatusBadge } from '../../../components/report/report-badges'
import { useCategoryName } from '../../../lib/category-name'
import { formatLongDate } from '../../../lib/format-dates'
import { type Bbox, useMapReports } from '../api/get-map-reports'
import '../../../i18n/deferred/fr'

/** Enough for a phone's screen; the map's view narrows it down. */
const LISTED_POINTS = 30

/**
 * The reports in the map's view, as a list: what the map shows, for those who do not use it
 * (screen readers, keyboards, a map that does not load). Same request as the markers.
 */
export function MapReportList({ bbox }: { bbox: Bbox | null }) {
  const { t } = useTranslation()
  const { t: tDeferred } = useTranslation('deferred')
  const categoryName = useCategoryName()
  // The answer is rendered in slices, not in the task it arrives in (the markers use it too).
  const data = useDeferredValue(useMapReports(bbox).data)
  let body = null
  if (data && data.clusters.length > 0) {
    body = <p className="text-sm text-slate-700">{tDeferred('map.listGrouped')}</p>
  } else if (data && data.points.length === 0) {
    body = <p className="text-sm text-slate-700">{tDeferred('map.listEmpty')}</p>
  } else if (data) {
    body = (
      <>
        <p className="text-sm text-slate-600">{tDeferred('map.listCount', { count: data.points.length })}</p>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {data.points.slice(0, LISTED_POINTS).map((point) => (
            <li key={point.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span className="flex flex-col">
                <Link
                  to={reportPagePath(point.id)}
                  className="text-sm font-semibold text-green-800 underline-offset-2 hover:underline"
                >
                  {categoryName(point.type)}
                </Link>
                <time dateTime={point.created_at} className="text-xs text-slate-600">
                  {t('report.filedOn', { date: formatLongDate(point.created_at) })}
                </time>
              </span>
              <ReportStatusBadge status={point.status} unknown="raw" />
            </li>
          ))}
        </ul>
      </>
    )
  }
  return (
    <section
      id="map-reports"
      tabIndex={-1}
      aria-labelledby="map-reports-title"
      className="flex flex-col gap-3 focus:outline-none"
    >
      <h2 id="map-reports-title" className="text-xl font-bold text-slate-900">
        {tDeferred('map.listTitle')}
      </h2>
      {body}
    </section>
  )
}
