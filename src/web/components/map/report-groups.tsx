import './report-groups.css'
import { useEffect, useMemo, useState } from 'react'
import { useMapEvents } from 'react-leaflet'
import { communeCircleRadiusAt } from '../../../domain/communes'
import type { MapPoint, MapReports } from '../../../domain/map'
import { L } from '../../lib/leaflet'
import {
  type Bbox,
  bboxOf,
  DEEPEST_ZOOM,
  groupMarkerClass,
  groupSize,
  groupsOf,
  markersInView,
  REPORT_MARKER_SIZE,
  reportAreaClass,
  reportMarkerClass,
  type Tone,
  useMarkerTitles,
} from './report-grouping'

export type { Bbox } from './report-grouping'

/** What Leaflet's map shows, as the API reads it. */
function bboxOfMap(map: L.Map): Bbox {
  const bounds = map.getBounds()
  return bboxOf([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()])
}

/** What the map shows now: its box and its zoom, followed as it moves. */
export function useMapView(map: L.Map): { view: Bbox; zoom: number } {
  const [view, setView] = useState<Bbox>(() => bboxOfMap(map))
  const [zoom, setZoom] = useState(() => map.getZoom())
  useMapEvents({
    moveend: () => {
      setView(bboxOfMap(map))
      setZoom(map.getZoom())
    },
  })
  return { view, zoom }
}

function reportIcon(report: MapPoint): L.DivIcon {
  return L.divIcon({
    className: reportMarkerClass(report),
    html: '<span class="report-marker-dot"></span>',
    iconSize: [REPORT_MARKER_SIZE, REPORT_MARKER_SIZE],
    iconAnchor: [REPORT_MARKER_SIZE / 2, REPORT_MARKER_SIZE / 2],
    popupAnchor: [0, -14],
  })
}

/** A group's figure on the colour of what it holds; `null` when its statuses are unknown. */
function countIcon(count: number, tone: Tone | null): L.DivIcon {
  const size = groupSize(count)
  return L.divIcon({
    className: groupMarkerClass(tone),
    html: `<span>${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  })
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
  const { reportTitle, groupTitle } = useMarkerTitles()
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
    for (const marker of markersInView(groups, data, view, zoom)) {
      const position: [number, number] = [marker.latitude, marker.longitude]
      if (marker.kind === 'report') {
        const select = () => onSelect({ position, reports: [marker.report] })
        // A point that is only its commune's centre (a report by SMS) is the commune's circle,
        // its marker a hollow ring at the centre that keeps it reachable from the keyboard.
        if (marker.report.location_precision === 'commune')
          L.circle(position, {
            radius: communeCircleRadiusAt(marker.latitude, marker.longitude),
            className: reportAreaClass(marker.report.status),
          })
            .on('click', select)
            .addTo(layer)
        L.marker(position, {
          icon: reportIcon(marker.report),
          title: reportTitle(marker.report),
          keyboard: true,
          riseOnHover: true,
        })
          .on('click', select)
          .addTo(layer)
      } else if (marker.kind === 'group') {
        L.marker(position, {
          icon: countIcon(marker.count, marker.tone),
          title: groupTitle(marker.count),
          keyboard: true,
        })
          .on('click', () => {
            const deeper = groups.getClusterExpansionZoom(marker.id)
            if (deeper <= DEEPEST_ZOOM) map.setView(position, deeper)
            else
              onSelect({
                position,
                reports: groups.getLeaves(marker.id, Number.POSITIVE_INFINITY).map((leaf) => leaf.properties),
              })
          })
          .addTo(layer)
      } else {
        L.marker(position, {
          icon: countIcon(marker.count, null),
          title: groupTitle(marker.count),
          keyboard: true,
        })
          .on('click', () => map.setView(position, map.getZoom() + 2))
          .addTo(layer)
      }
    }
  }, [layer, groups, view, zoom, data, map, reportTitle, groupTitle, onSelect])
}
