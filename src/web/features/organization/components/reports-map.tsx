import { type ReactNode, useDeferredValue, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MapContainer, Popup, TileLayer, useMap, ZoomControl } from 'react-leaflet'
import { DEFAULT_MAP_ZOOM, MAP_RELOAD_DEBOUNCE_MS } from '../../../../domain/constants'
import { DEFAULT_LOCATION } from '../../../../domain/location'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { MapLegend, POPUP_AUTO_PAN_TOP_LEFT } from '../../../components/map/map-legend'
import { type MapSelection, useMapView, useReportGroups } from '../../../components/map/report-groups'
import { ReportStatusBadge } from '../../../components/report/report-badges'
import { Spinner } from '../../../components/ui/spinner'
import { tileUrl } from '../../../lib/config'
import { formatLongDate } from '../../../lib/format-dates'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { useOneTaskAfterAnother } from '../../../lib/use-one-task-after-another'
import { useReport } from '../api/get-report'
import { type ListFilters, type OrganizationList, useReportMap } from '../api/get-report-map'
import '../i18n/fr'

export interface ReportsMapProps {
  list: OrganizationList
  filters: ListFilters
  /** What a report chosen on the map offers: its details, the claim… */
  actions: (report: OrganizationReport) => ReactNode
}

/** The buttons of one report of the popup, once its details have come. */
function ReportActions({ id, actions }: { id: string; actions: ReportsMapProps['actions'] }) {
  const report = useReport(id)
  if (!report.data) return <Spinner className="size-5" />
  return <div className="flex flex-wrap gap-2">{actions(report.data)}</div>
}

function Reports({ list, filters, actions }: ReportsMapProps) {
  const map = useMap()
  const { t } = useTranslation()
  const { t: tOrganization } = useTranslation('organization')
  const { view, zoom } = useMapView(map)
  const bbox = useDebouncedValue(view, MAP_RELOAD_DEBOUNCE_MS)
  const reports = useReportMap(list, filters, bbox)
  const data = useDeferredValue(reports.data)
  const [selected, setSelected] = useState<MapSelection | null>(null)
  useReportGroups({ map, data, view, zoom, onSelect: setSelected })

  const inView =
    (data?.points.length ?? 0) + (data?.clusters ?? []).reduce((sum, group) => sum + group.count, 0)
  return (
    <>
      <p
        aria-live="polite"
        className="absolute right-2 bottom-6 z-[1000] rounded-lg bg-white/90 px-3 py-1 text-sm font-medium text-slate-800 shadow"
      >
        {data ? tOrganization('map.inView', { total: inView }) : t('map.loading')}
      </p>
      {selected ? (
        <Popup
          position={selected.position}
          offset={[0, -10]}
          autoPanPaddingTopLeft={POPUP_AUTO_PAN_TOP_LEFT}
          eventHandlers={{ remove: () => setSelected(null) }}
        >
          <ul className="flex max-h-72 min-w-48 flex-col gap-3 overflow-y-auto">
            {selected.reports.map((report) => (
              <li key={report.id} className="flex flex-col gap-1.5">
                <p className="text-sm font-semibold text-slate-900">{report.type}</p>
                <span>
                  <ReportStatusBadge status={report.status} />
                </span>
                <p className="text-xs text-slate-600">
                  <time dateTime={report.created_at}>
                    {t('report.filedOn', { date: formatLongDate(report.created_at) })}
                  </time>
                </p>
                <ReportActions id={report.id} actions={actions} />
              </li>
            ))}
          </ul>
        </Popup>
      ) : null}
    </>
  )
}

/**
 * The organisation's reports on a map (Leaflet, fetched when the map is chosen): the same list,
 * with its search and filters, grouped where they are many; a report opens its details and what
 * the list offers for it.
 */
export default function ReportsMap(props: ReportsMapProps) {
  const { t } = useTranslation()
  const { t: tOrganization } = useTranslation('organization')
  const shown = useOneTaskAfterAnother(3)
  return (
    <section
      aria-label={tOrganization('map.label')}
      className="relative isolate h-[60dvh] min-h-80 overflow-hidden rounded-xl border border-slate-200"
    >
      <MapContainer
        center={[DEFAULT_LOCATION.latitude, DEFAULT_LOCATION.longitude]}
        zoom={DEFAULT_MAP_ZOOM}
        zoomControl={false}
        scrollWheelZoom
        className="h-full w-full bg-slate-100"
      >
        {shown >= 2 ? <TileLayer url={tileUrl()} attribution={t('map.attribution')} /> : null}
        {shown >= 3 ? (
          <>
            <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
            <MapLegend />
            <Reports {...props} />
          </>
        ) : null}
      </MapContainer>
    </section>
  )
}
