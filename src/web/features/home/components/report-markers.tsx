import 'leaflet.markercluster/dist/MarkerCluster.css'
// Leaflet first: the cluster plugin extends the `L` it finds on the page.
import { L } from '../../../lib/leaflet'
import 'leaflet.markercluster'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Popup, useMap, useMapEvents } from 'react-leaflet'
import { MAP_RELOAD_DEBOUNCE_MS } from '../../../../domain/constants'
import type { MapPoint } from '../../../../domain/map'
import { isReportStatus, reportStatusAsReceived } from '../../../../domain/report-states'
import { ReportStatusBadge } from '../../../components/report/report-badges'
import { formatLongDate } from '../../../lib/french-dates'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { type Bbox, useMapReports } from '../api/get-map-reports'

/** The longest a phone spends adding markers before it answers a tap again. */
const MARKER_SLICE_MS = 10

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

/**
 * The reports in view on the home map, asked again (debounced) whenever the map moves: one
 * marker per report, grouped on the phone by leaflet.markercluster, or the server's groups when
 * the view holds too many. A marker opens a popup with the type, the status and the date.
 */
export function ReportMarkers({ onViewChange }: { onViewChange?: (bbox: Bbox) => void }) {
  const map = useMap()
  const { t } = useTranslation()
  const [view, setView] = useState<Bbox>(() => bboxOf(map))
  useMapEvents({ moveend: () => setView(bboxOf(map)) })
  const bbox = useDebouncedValue(view, MAP_RELOAD_DEBOUNCE_MS)
  const { data } = useMapReports(bbox)
  useEffect(() => onViewChange?.(bbox), [bbox, onViewChange])
  const [selected, setSelected] = useState<MapPoint | null>(null)
  const statusLabel = useCallback(
    (status: string) =>
      isReportStatus(status) ? t(`reportStatus.${status}`) : reportStatusAsReceived(status).label,
    [t],
  )

  const clustered = useMemo(
    () =>
      L.markerClusterGroup({
        showCoverageOnHover: false,
        maxClusterRadius: 50,
        chunkedLoading: true,
        // Markers are added in slices of a few milliseconds, so that a phone stays responsive
        // while a crowded view fills (the default slice is 200 ms).
        chunkInterval: MARKER_SLICE_MS,
        iconCreateFunction: (cluster) => countIcon(cluster.getChildCount()),
      }),
    [],
  )
  const serverGroups = useMemo(() => L.layerGroup(), [])

  useEffect(() => {
    map.addLayer(clustered)
    map.addLayer(serverGroups)
    return () => {
      map.removeLayer(clustered)
      map.removeLayer(serverGroups)
    }
  }, [map, clustered, serverGroups])

  useEffect(() => {
    clustered.clearLayers()
    clustered.addLayers(
      (data?.points ?? []).map((point) =>
        L.marker([point.latitude, point.longitude], {
          icon: reportIcon(point.status),
          title: `${point.type} – ${statusLabel(point.status)} – ${formatLongDate(point.created_at)}`,
          keyboard: true,
          riseOnHover: true,
        }).on('click', () => setSelected(point)),
      ),
    )
  }, [clustered, data, statusLabel])

  useEffect(() => {
    serverGroups.clearLayers()
    for (const group of data?.clusters ?? []) {
      L.marker([group.latitude, group.longitude], {
        icon: countIcon(group.count),
        title: t('map.cluster', { total: group.count }),
        keyboard: true,
      })
        .on('click', () => map.setView([group.latitude, group.longitude], map.getZoom() + 2))
        .addTo(serverGroups)
    }
  }, [serverGroups, data, map, t])

  const position = useMemo<[number, number] | null>(
    () => (selected ? [selected.latitude, selected.longitude] : null),
    [selected],
  )
  if (!selected || !position) return null
  return (
    <Popup position={position} offset={[0, -10]} eventHandlers={{ remove: () => setSelected(null) }}>
      <div className="flex min-w-40 flex-col gap-1.5">
        <p className="text-sm font-semibold text-slate-900">{selected.type}</p>
        <span>
          <ReportStatusBadge status={selected.status} unknown="raw" />
        </span>
        <p className="text-xs text-slate-600">
          <time dateTime={selected.created_at}>
            {t('report.filedOn', { date: formatLongDate(selected.created_at) })}
          </time>
        </p>
      </div>
    </Popup>
  )
}
