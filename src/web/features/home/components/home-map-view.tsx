import './home-map.css'
import LocateFixed from 'lucide-react/icons/locate-fixed'
import { useTranslation } from 'react-i18next'
import { MapContainer, Marker, TileLayer, useMap, ZoomControl } from 'react-leaflet'
import { HOME_MAP_ZOOM } from '../../../../domain/constants'
import { InitialView } from '../../../components/map/initial-view'
import { MapControl } from '../../../components/map/map-control'
import { MapLegend } from '../../../components/map/map-legend'
import { tileUrl } from '../../../lib/config'
import { L, prefersReducedMotion } from '../../../lib/leaflet'
import { useLocationStore } from '../../../lib/location-store'
import { useOneTaskAfterAnother } from '../../../lib/use-one-task-after-another'
import type { Bbox } from '../api/get-map-reports'
import { ReportMarkers } from './report-markers'

/** Leaflet orders markers by latitude; this lifts the position above every report and group. */
const POSITION_ABOVE_REPORTS = 10_000

const positionIcon = L.divIcon({
  className: 'user-position-marker',
  html: '<span class="user-position-pulse"></span><span class="user-position-dot"></span>',
  iconSize: [20, 20],
  iconAnchor: [10, 10],
  popupAnchor: [0, -12],
})

/** "Recentrer sur ma position": asks the device again and brings the map back to the visitor. */
function RecenterControl() {
  const map = useMap()
  const { t } = useTranslation()
  const requestLocation = useLocationStore((state) => state.requestLocation)
  const isLocating = useLocationStore((state) => state.isLocating)

  async function recenter() {
    const { latitude, longitude } = await requestLocation()
    map.setView([latitude, longitude], HOME_MAP_ZOOM, { animate: !prefersReducedMotion() })
  }

  return (
    <MapControl position="topleft" className="leaflet-bar leaflet-control recenter-control">
      <button
        type="button"
        aria-label={t('map.recenter')}
        title={t('map.recenter')}
        aria-busy={isLocating}
        onClick={() => void recenter()}
      >
        <LocateFixed aria-hidden="true" className="size-5" />
      </button>
    </MapControl>
  )
}

/** The map's parts, added in this order: the map, its view, its tiles, its controls, the reports. */
const MAP_PARTS = 5

/** The Leaflet map itself; loaded on demand by HomeMap, which shows it once its reports are drawn (`onReady`). */
export default function HomeMapView({
  onViewChange,
  onReady,
}: {
  onViewChange: (bbox: Bbox) => void
  onReady: () => void
}) {
  const { t } = useTranslation()
  const location = useLocationStore((state) => state.location)
  const hasDeviceLocation = useLocationStore((state) => state.hasDeviceLocation)
  const center: [number, number] = [location.latitude, location.longitude]
  const shown = useOneTaskAfterAnother(MAP_PARTS)

  return (
    <div className="relative h-full w-full">
      <MapContainer
        zoomControl={false}
        scrollWheelZoom={false}
        doubleClickZoom={false}
        boxZoom={false}
        keyboard={false}
        touchZoom
        className="h-full w-full bg-slate-100"
      >
        {shown >= 2 ? <InitialView center={center} zoom={HOME_MAP_ZOOM} /> : null}
        {shown >= 3 ? <TileLayer url={tileUrl()} attribution={t('map.attribution')} /> : null}
        {shown >= 4 ? (
          <>
            <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
            <RecenterControl />
            <MapLegend showsPosition />
            {hasDeviceLocation ? (
              <Marker
                position={center}
                icon={positionIcon}
                title={t('map.yourPosition')}
                alt={t('map.yourPosition')}
                // Above the reports and their groups: the visitor finds themself at a glance;
                // yet a tap goes through it to the report under it (the legend says what it is).
                zIndexOffset={POSITION_ABOVE_REPORTS}
                interactive={false}
                keyboard={false}
              />
            ) : null}
          </>
        ) : null}
        {shown >= 5 ? <ReportMarkers onViewChange={onViewChange} onDrawn={onReady} /> : null}
      </MapContainer>
    </div>
  )
}
