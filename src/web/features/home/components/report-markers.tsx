import { useDeferredValue, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Popup, useMap } from 'react-leaflet'
import { Link } from 'react-router'
import { reportPagePath } from '../../../../domain/citizen-rules'
import { MAP_RELOAD_DEBOUNCE_MS } from '../../../../domain/constants'
import { POPUP_AUTO_PAN_TOP_LEFT } from '../../../components/map/map-legend'
import { type MapSelection, useMapView, useReportGroups } from '../../../components/map/report-groups'
import { ReportStatusBadge } from '../../../components/report/report-badges'
import { useCategoryName } from '../../../lib/category-name'
import { formatLongDate } from '../../../lib/format-dates'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { type Bbox, useMapReports } from '../api/get-map-reports'

/**
 * The reports in view on the home map, asked again (debounced) whenever the map moves: one
 * marker per report, grouped on the phone when they would overlap, or the server's groups when
 * the view holds too many. A marker opens a popup with the type (a link to the report's public
 * page), the status and the date; a group zooms in, or lists its reports when they share one spot.
 */
export function ReportMarkers({
  onViewChange,
  onDrawn,
}: {
  onViewChange?: (bbox: Bbox) => void
  /** Called once the reports of the view are drawn, or cannot be asked for. */
  onDrawn?: () => void
}) {
  const map = useMap()
  const { t } = useTranslation()
  const categoryName = useCategoryName()
  const { view, zoom } = useMapView(map)
  const bbox = useDebouncedValue(view, MAP_RELOAD_DEBOUNCE_MS)
  // The answer is rendered in slices, and its markers made in a task of their own, not in the task
  // it arrives in (a query's answer is otherwise rendered at once, effects included).
  const reports = useMapReports(bbox)
  const data = useDeferredValue(reports.data)
  useEffect(() => onViewChange?.(bbox), [bbox, onViewChange])
  const [selected, setSelected] = useState<MapSelection | null>(null)
  useReportGroups({ map, data, view, zoom, onSelect: setSelected })
  const drawn = data !== undefined || reports.isError
  useEffect(() => {
    if (drawn) onDrawn?.()
  }, [drawn, onDrawn])

  if (!selected) return null
  return (
    <Popup
      position={selected.position}
      offset={[0, -10]}
      autoPanPaddingTopLeft={POPUP_AUTO_PAN_TOP_LEFT}
      eventHandlers={{ remove: () => setSelected(null) }}
    >
      <ul className="flex max-h-64 min-w-40 flex-col gap-3 overflow-y-auto">
        {selected.reports.map((report) => (
          <li key={report.id} className="flex flex-col gap-1.5">
            <Link to={reportPagePath(report.id)} className="text-sm font-semibold text-green-800 underline">
              {categoryName(report.type)}
            </Link>
            <span>
              <ReportStatusBadge status={report.status} unknown="raw" />
            </span>
            <p className="text-xs text-slate-600">
              <time dateTime={report.created_at}>
                {t('report.filedOn', { date: formatLongDate(report.created_at) })}
              </time>
            </p>
          </li>
        ))}
      </ul>
    </Popup>
  )
}
