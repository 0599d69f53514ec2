import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Popup, useMap, useMapEvents } from 'react-leaflet'
import { Link } from 'react-router'
import Supercluster from 'supercluster'
import { reportPagePath } from '../../../../domain/citizen-rules'
import { MAP_RELOAD_DEBOUNCE_MS } from '../../../../domain/constants'
import type { MapPoint } from '../../../../domain/map'
import { isReportStatus, reportStatusAsReceived } from '../../../../domain/report-states'
import { ReportStatusBadge } from '../../../components/report/report-badges'
import { formatLongDate } from '../../../lib/french-dates'
import { L } from '../../../lib/leaflet'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { type Bbox, useMapReports } from '../api/get-map-reports'

/** Markers closer than this, in screen pixels, are shown as one group. */
const GROUP_RADIUS_PX = 50
/** The deepest zoom of the map's tiles: reports still together there share one place. */
const DEEPEST_ZOOM = 18

/** Bounds rounded outwards to 4 decimals (about 11 m): tiny moves ask the same question. */
function bboxOf(map: L.Map): Bbox {
  const bounds = map.getBounds()
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value))
  const down = (value: number) => Math.floor(value * 1e4) / 1e4
  const up = (value: number) => Math.ceil(value * 1e4) / 1e4
  return [
    down(clamp(bounds.getWest(), 180)),
    down(clamp(bounds.getSouth(), 90)),
    up(clamp(bounds.getEast(), 180)),
    up(clamp(bounds.getNorth(), 90)),
  ].join(',')
}

function reportIcon(status: string): L.DivIcon {
  return L.divIcon({
    className: `report-marker report-marker--${reportStatusAsReceived(status).tone}`,
    html: '<span class="report-marker-dot"></span>',
    iconSize: [26, 26],
    iconAnchor: [13, 13],
    popupAnchor: [0, -14],
  })
}

function countIcon(count: number): L.DivIcon {
  const size = count < 10 ? 36 : count < 100 ? 42 : 50
  return L.divIcon({
    className: 'report-cluster',
    html: `<span>${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  })
}

/** The reports sent one by one, grouped on the phone by Supercluster (Leaflet's 256-pixel tiles). */
function groupsOf(points: MapPoint[]): Supercluster<MapPoint> {
  const index = new Supercluster<MapPoint>({ radius: GROUP_RADIUS_PX, extent: 256, maxZoom: DEEPEST_ZOOM })
  index.load(
    points.map((point) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
      properties: point,
    })),
  )
  return index
}

/** The selected place: one report, or several at the very same spot. */
interface Selection {
  position: [number, number]
  reports: MapPoint[]
}

/**
 * The reports in view on the home map, asked again (debounced) whenever the map moves: one
 * marker per report, grouped on the phone when they would overlap, or the server's groups when
 * the view holds too many. A marker opens a popup with the type (a link to the report's public
 * page), the status and the date; a group zooms in, or lists its reports when they share one spot.
 */
export function ReportMarkers({ onViewChange }: { onViewChange?: (bbox: Bbox) => void }) {
  const map = useMap()
  const { t } = useTranslation()
  const [view, setView] = useState<Bbox>(() => bboxOf(map))
  const [zoom, setZoom] = useState(() => map.getZoom())
  useMapEvents({
    moveend: () => {
      setView(bboxOf(map))
      setZoom(map.getZoom())
    },
  })
  const bbox = useDebouncedValue(view, MAP_RELOAD_DEBOUNCE_MS)
  // The answer is drawn in slices, and its markers made in a task of their own, not in the task
  // it arrives in (a query's answer is otherwise drawn at once, effects included).
  const data = useDeferredValue(useMapReports(bbox).data)
  useEffect(() => onViewChange?.(bbox), [bbox, onViewChange])
  const [selected, setSelected] = useState<Selection | null>(null)
  const statusLabel = useCallback(
    (status: string) =>
      isReportStatus(status) ? t(`reportStatus.${status}`) : reportStatusAsReceived(status).label,
    [t],
  )

  const layer = useMemo(() => L.layerGroup(), [])
  useEffect(() => {
    map.addLayer(layer)
    return () => {
      map.removeLayer(layer)
    }
  }, [map, layer])

  const groups = useMemo(() => groupsOf(data?.points ?? []), [data])

  useEffect(() => {
    layer.clearLayers()
    const box = view.split(',').map(Number) as [number, number, number, number]
    for (const feature of groups.getClusters(box, Math.round(zoom))) {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number]
      const properties = feature.properties
      if ('cluster' in properties && properties.cluster) {
        const id = properties.cluster_id
        L.marker([latitude, longitude], {
          icon: countIcon(properties.point_count),
          title: t('map.cluster', { total: properties.point_count }),
          keyboard: true,
        })
          .on('click', () => {
            const deeper = groups.getClusterExpansionZoom(id)
            if (deeper <= DEEPEST_ZOOM) map.setView([latitude, longitude], deeper)
            else
              setSelected({
                position: [latitude, longitude],
                reports: groups.getLeaves(id, Number.POSITIVE_INFINITY).map((leaf) => leaf.properties),
              })
          })
          .addTo(layer)
        continue
      }
      const point = properties as MapPoint
      L.marker([latitude, longitude], {
        icon: reportIcon(point.status),
        title: `${point.type} – ${statusLabel(point.status)} – ${formatLongDate(point.created_at)}`,
        keyboard: true,
        riseOnHover: true,
      })
        .on('click', () => setSelected({ position: [latitude, longitude], reports: [point] }))
        .addTo(layer)
    }
    for (const group of data?.clusters ?? []) {
      L.marker([group.latitude, group.longitude], {
        icon: countIcon(group.count),
        title: t('map.cluster', { total: group.count }),
        keyboard: true,
      })
        .on('click', () => map.setView([group.latitude, group.longitude], map.getZoom() + 2))
        .addTo(layer)
    }
  }, [layer, groups, view, zoom, data, map, t, statusLabel])

  if (!selected) return null
  return (
    <Popup position={selected.position} offset={[0, -10]} eventHandlers={{ remove: () => setSelected(null) }}>
      <ul className="flex max-h-64 min-w-40 flex-col gap-3 overflow-y-auto">
        {selected.reports.map((report) => (
          <li key={report.id} className="flex flex-col gap-1.5">
            <Link to={reportPagePath(report.id)} className="text-sm font-semibold text-green-800 underline">
              {report.type}
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
