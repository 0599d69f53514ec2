import './report-groups.css'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMapEvents } from 'react-leaflet'
import Supercluster from 'supercluster'
import type { MapPoint, MapReports } from '../../../domain/map'
import { isReportStatus, REPORT_STATUSES, reportStatusAsReceived } from '../../../domain/report-states'
import { useCategoryName } from '../../lib/category-name'
import { formatLongDate } from '../../lib/french-dates'
import { L } from '../../lib/leaflet'

/** Markers closer than this, in screen pixels, are shown as one group. */
const GROUP_RADIUS_PX = 50
/** The deepest zoom of the map's tiles: reports still together there share one place. */
const DEEPEST_ZOOM = 18

/** A map's box as the API reads it ("minLon,minLat,maxLon,maxLat"). */
export type Bbox = string

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

/** What the map shows now: its box and its zoom, followed as it moves. */
export function useMapView(map: L.Map): { view: Bbox; zoom: number } {
  const [view, setView] = useState<Bbox>(() => bboxOf(map))
  const [zoom, setZoom] = useState(() => map.getZoom())
  useMapEvents({
    moveend: () => {
      setView(bboxOf(map))
      setZoom(map.getZoom())
    },
  })
  return { view, zoom }
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

type Tone = ReturnType<typeof reportStatusAsReceived>['tone']
/** How many reports of a group have each status's colour. */
type ToneCounts = Partial<Record<Tone, number>>
/** The colours in the order of a report's life: a tie goes to the report still waiting. */
const TONES_BY_LIFE = [...new Set(Object.values(REPORT_STATUSES).map((status) => status.tone))]

/** The colour most of a group's reports have. */
function prevailingTone(counts: ToneCounts): Tone {
  let prevailing: Tone = 'grey'
  let most = 0
  for (const tone of TONES_BY_LIFE) {
    const count = counts[tone] ?? 0
    if (count > most) {
      prevailing = tone
      most = count
    }
  }
  return prevailing
}

/** A group's figure on the colour of what it holds; `null` when its statuses are unknown. */
function countIcon(count: number, tone: Tone | null): L.DivIcon {
  const size = count < 10 ? 36 : count < 100 ? 42 : 50
  return L.divIcon({
    className: `report-cluster report-cluster--${tone ?? 'unknown'}`,
    html: `<span>${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  })
}

/**
 * The reports sent one by one, grouped on the phone by Supercluster (Leaflet's 256-pixel tiles),
 * each group counting its reports by colour.
 */
function groupsOf(points: MapPoint[]): Supercluster<MapPoint, ToneCounts> {
  const index = new Supercluster<MapPoint, ToneCounts>({
    radius: GROUP_RADIUS_PX,
    extent: 256,
    maxZoom: DEEPEST_ZOOM,
    // Flat properties: Supercluster copies them shallowly from one zoom to the next.
    map: (point) => ({ [reportStatusAsReceived(point.status).tone]: 1 }),
    reduce: (total, group) => {
      for (const tone of TONES_BY_LIFE) {
        const count = group[tone]
        if (count) total[tone] = (total[tone] ?? 0) + count
      }
    },
  })
  index.load(
    points.map((point) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
      properties: point,
    })),
  )
  return index
}

/** The place chosen on the map: one report, or several at the very same spot. */
export interface MapSelection {
  position: [number, number]
  reports: MapPoint[]
}

/**
 * Draws a map's reports: one marker per report, grouped on the phone when they would overlap, or
 * the server's groups when the view holds too many. A marker selects its report; a group zooms
 * in, or selects its reports when they share one spot (no zoom can set them apart).
 */
export function useReportGroups({
  map,
  data,
  view,
  zoom,
  onSelect,
}: {
  map: L.Map
  data: MapReports | undefined
  view: Bbox
  zoom: number
  onSelect: (selection: MapSelection) => void
}) {
  const { t } = useTranslation()
  const categoryName = useCategoryName()
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
          icon: countIcon(properties.point_count, prevailingTone(properties)),
          title: t('map.cluster', { count: properties.point_count }),
          keyboard: true,
        })
          .on('click', () => {
            const deeper = groups.getClusterExpansionZoom(id)
            if (deeper <= DEEPEST_ZOOM) map.setView([latitude, longitude], deeper)
            else
              onSelect({
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
        title: `${categoryName(point.type)} – ${statusLabel(point.status)} – ${formatLongDate(point.created_at)}`,
        keyboard: true,
        riseOnHover: true,
      })
        .on('click', () => onSelect({ position: [latitude, longitude], reports: [point] }))
        .addTo(layer)
    }
    for (const group of data?.clusters ?? []) {
      L.marker([group.latitude, group.longitude], {
        // The server's groups tell how many reports, not which statuses: no status's colour.
        icon: countIcon(group.count, null),
        title: t('map.cluster', { count: group.count }),
        keyboard: true,
      })
        .on('click', () => map.setView([group.latitude, group.longitude], map.getZoom() + 2))
        .addTo(layer)
    }
  }, [layer, groups, view, zoom, data, map, t, statusLabel, categoryName, onSelect])
}
