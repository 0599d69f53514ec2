import './home-map.css'
import '../../../components/map/report-groups.css'
import LocateFixed from 'lucide-react/icons/locate-fixed'
import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HOME_MAP_ZOOM } from '../../../../domain/constants'
import { LegendPanel, legendOpenAtFirst } from '../../../components/map/legend-panel'
import { MapPreview, type MapTap, ZoomButtonsPicture } from '../../../components/map/map-preview'
import {
  bboxOf,
  groupMarkerClass,
  groupSize,
  groupsOf,
  type MapMarker,
  markersInView,
  REPORT_MARKER_SIZE,
  reportMarkerClass,
  useMarkerTitles,
} from '../../../components/map/report-grouping'
import { useMapSize } from '../../../components/map/use-map-size'
import { useLocationStore } from '../../../lib/location-store'
import type { Point, Size } from '../../../lib/web-mercator'
import { viewBounds } from '../../../lib/web-mercator'
import { type Bbox, useMapReports } from '../api/get-map-reports'

/** Half the size of the visitor's position (20 px, as on the live map). */
const POSITION_HALF = 10

/**
 * The home map before it is touched: the tiles, the reports and the visitor's position of the
 * first view, where the live map (home-map-view.tsx) will draw them, asked with the same question
 * (the same box), so that the live map finds its reports already known.
 */
export default function HomeMapPreview({
  onViewChange,
  onWake,
}: {
  onViewChange: (bbox: Bbox) => void
  onWake: (tap: MapTap | null) => void
}) {
  const [boxRef, size] = useMapSize()
  return (
    <div ref={boxRef} className="absolute inset-0">
      {size ? <PreviewOfSize size={size} onViewChange={onViewChange} onWake={onWake} /> : null}
    </div>
  )
}

function PreviewOfSize({
  size,
  onViewChange,
  onWake,
}: {
  size: Size
  onViewChange: (bbox: Bbox) => void
  onWake: (tap: MapTap | null) => void
}) {
  const { t } = useTranslation()
  const location = useLocationStore((state) => state.location)
  const hasDeviceLocation = useLocationStore((state) => state.hasDeviceLocation)
  const bbox = bboxOf(viewBounds(location, HOME_MAP_ZOOM, size))
  useEffect(() => onViewChange(bbox), [bbox, onViewChange])
  // Rendered in slices a tap can come between, not in the task the answer arrives in (a query's
  // answer is otherwise rendered at once).
  const data = useDeferredValue(useMapReports(bbox).data)
  const groups = useMemo(() => groupsOf(data?.points ?? []), [data])
  const markers = markersInView(groups, data, bbox, HOME_MAP_ZOOM)
  const { reportTitle, groupTitle } = useMarkerTitles()
  const [legendOpen, setLegendOpen] = useState(legendOpenAtFirst)

  return (
    <MapPreview
      center={location}
      zoom={HOME_MAP_ZOOM}
      size={size}
      label={t('map.label')}
      onWake={onWake}
      topLeft={
        <>
          <ZoomButtonsPicture />
          {/* "Recentrer sur ma position", as the live map draws it (home-map-view.tsx). */}
          <span className="flex size-[38px] items-center justify-center rounded border-2 border-black/20 bg-white text-green-800">
            <LocateFixed className="size-5" />
          </span>
        </>
      }
      corner={
        <LegendPanel open={legendOpen} onToggle={() => setLegendOpen((wasOpen) => !wasOpen)} showsPosition />
      }
    >
      {(place) => (
        <>
          {markers.map((marker) => (
            <PreviewMarker
              key={markerKey(marker)}
              marker={marker}
              at={place(marker)}
              title={marker.kind === 'report' ? reportTitle(marker.report) : groupTitle(marker.count)}
            />
          ))}
          {hasDeviceLocation ? (
            <span className="user-position-marker absolute" style={placed(place(location), POSITION_HALF)}>
              <span className="user-position-pulse" />
              <span className="user-position-dot" />
            </span>
          ) : null}
        </>
      )}
    </MapPreview>
  )
}

function markerKey(marker: MapMarker): string {
  return marker.kind === 'report' ? marker.report.id : `${marker.kind}:${marker.latitude},${marker.longitude}`
}

/** An element of `half * 2` pixels centred on its place. */
function placed(at: Point, half: number) {
  return { left: at.x - half, top: at.y - half, width: half * 2, height: half * 2 }
}

/** A marker as the live map draws it (report-groups.tsx): same classes, colours and titles. */
function PreviewMarker({ marker, at, title }: { marker: MapMarker; at: Point; title: string }) {
  if (marker.kind === 'report') {
    return (
      <span
        className={`${reportMarkerClass(marker.report)} absolute`}
        title={title}
        style={placed(at, REPORT_MARKER_SIZE / 2)}
      >
        <span className="report-marker-dot" />
      </span>
    )
  }
  return (
    <span
      className={`${groupMarkerClass(marker.kind === 'group' ? marker.tone : null)} absolute`}
      title={title}
      style={placed(at, groupSize(marker.count) / 2)}
    >
      <span>{marker.count}</span>
    </span>
  )
}
