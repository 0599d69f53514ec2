// How a map groups its reports, apart from Leaflet: the live map (report-groups.tsx) and its still
// picture drawn before Leaflet arrives (the home's map preview) group and colour them alike.
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import Supercluster from 'supercluster'
import type { MapPoint, MapReports } from '../../../domain/map'
import { isReportStatus, REPORT_STATUSES, reportStatusAsReceived } from '../../../domain/report-states'
import { useCategoryName } from '../../lib/category-name'
import { formatLongDate } from '../../lib/format-dates'

/** Markers closer than this, in screen pixels, are shown as one group. */
const GROUP_RADIUS_PX = 50
/** The deepest zoom of the map's tiles: reports still together there share one place. */
export const DEEPEST_ZOOM = 18

/** A map's box as the API reads it ("minLon,minLat,maxLon,maxLat"). */
export type Bbox = string

/** Edges rounded outwards to 4 decimals (about 11 m): tiny moves ask the same question. */
export function bboxOf([west, south, east, north]: [number, number, number, number]): Bbox {
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value))
  const down = (value: number) => Math.floor(value * 1e4) / 1e4
  const up = (value: number) => Math.ceil(value * 1e4) / 1e4
  return [down(clamp(west, 180)), down(clamp(south, 90)), up(clamp(east, 180)), up(clamp(north, 90))].join(
    ',',
  )
}

export type Tone = ReturnType<typeof reportStatusAsReceived>['tone']
/** How many reports of a group have each status's colour. */
export type ToneCounts = Partial<Record<Tone, number>>
/** The colours in the order of a report's life: a tie goes to the report still waiting. */
const TONES_BY_LIFE = [...new Set(Object.values(REPORT_STATUSES).map((status) => status.tone))]

/** The colour most of a group's reports have. */
export function prevailingTone(counts: ToneCounts): Tone {
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

/** A report's marker on every map, in pixels (a square). */
export const REPORT_MARKER_SIZE = 26

/** A report marker's classes: report-groups.css gives it its status's colour, hollow when only its commune is known. */
export function reportMarkerClass({
  status,
  location_precision,
}: Pick<MapPoint, 'status' | 'location_precision'>): string {
  const approximate = location_precision === 'commune' ? ' report-marker--approximate' : ''
  return `report-marker report-marker--${reportStatusAsReceived(status).tone}${approximate}`
}

/** The classes of the commune's circle drawn for a report known only by its commune. */
export function reportAreaClass(status: string): string {
  return `report-area report-marker--${reportStatusAsReceived(status).tone}`
}

/** A group's classes: the colour of what it holds, or none when its statuses are unknown (`null`). */
export function groupMarkerClass(tone: Tone | null): string {
  return `report-cluster report-cluster--${tone ?? 'unknown'}`
}

/** A group's size on screen, in pixels: larger for larger counts. */
export function groupSize(count: number): number {
  return count < 10 ? 36 : count < 100 ? 42 : 50
}

/**
 * The reports sent one by one, grouped on the phone by Supercluster (256-pixel tiles), each group
 * counting its reports by colour.
 */
export function groupsOf(points: MapPoint[]): Supercluster<MapPoint, ToneCounts> {
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

/** What a map draws at a place: one report, a group of the phone's making, or one of the server's. */
export type MapMarker =
  | { kind: 'report'; latitude: number; longitude: number; report: MapPoint }
  | { kind: 'group'; latitude: number; longitude: number; count: number; tone: Tone; id: number }
  /** The server's groups tell how many reports, not which statuses: no status's colour. */
  | { kind: 'server-group'; latitude: number; longitude: number; count: number }

/** The markers of a view: the reports one by one or in groups, then the server's groups. */
export function markersInView(
  groups: Supercluster<MapPoint, ToneCounts>,
  data: MapReports | undefined,
  view: Bbox,
  zoom: number,
): MapMarker[] {
  const markers: MapMarker[] = []
  const edges = view.split(',').map(Number) as [number, number, number, number]
  for (const feature of groups.getClusters(edges, Math.round(zoom))) {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number]
    const properties = feature.properties
    if ('cluster' in properties && properties.cluster) {
      const { cluster_id: id, point_count: count } = properties
      markers.push({ kind: 'group', latitude, longitude, count, tone: prevailingTone(properties), id })
    } else {
      markers.push({ kind: 'report', latitude, longitude, report: properties as MapPoint })
    }
  }
  for (const group of data?.clusters ?? []) {
    markers.push({
      kind: 'server-group',
      latitude: group.latitude,
      longitude: group.longitude,
      count: group.count,
    })
  }
  return markers
}

/** The titles a marker shows on hover and reads aloud: "Voirie – En cours – 20 novembre 2026", "3 signalements…". */
export function useMarkerTitles() {
  const { t } = useTranslation()
  const categoryName = useCategoryName()
  const reportTitle = useCallback(
    (report: MapPoint) => {
      const status = isReportStatus(report.status)
        ? t(`reportStatus.${report.status}`)
        : reportStatusAsReceived(report.status).label
      return `${categoryName(report.type)} – ${status} – ${formatLongDate(report.created_at)}`
    },
    [t, categoryName],
  )
  const groupTitle = useCallback((count: number) => t('map.cluster', { count }), [t])
  return { reportTitle, groupTitle }
}
