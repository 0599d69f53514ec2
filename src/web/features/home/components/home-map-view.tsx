import './home-map.css'
import LocateFixed from 'lucide-react/icons/locate-fixed'
import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { MapContainer, Marker, Popup, TileLayer, useMap, ZoomControl } from 'react-leaflet'
import { HOME_MAP_ZOOM } from '../../../../domain/constants'
import { tileUrl } from '../../../lib/config'
import { L, prefersReducedMotion } from '../../../lib/leaflet'
import { useLocationStore } from '../../../lib/location-store'
import { useOneTaskAfterAnother } from '../../../lib/use-one-task-after-another'
import type { Bbox } from '../api/get-map-reports'
import { ReportMarkers } from './report-markers'

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
  const [container, setContainer] = useState<HTMLElement | null>(null)

  useEffect(() => {
    const control = new L.Control({ position: 'topleft' })
    control.onAdd = () => {
      const element = L.DomUtil.create('div', 'leaflet-bar leaflet-control recenter-control')
      L.DomEvent.disableClickPropagation(element)
      return element
    }
    control.addTo(map)
    setContainer(control.getContainer() ?? null)
    return () => {
      control.remove()
    }
  }, [map])

  async function recenter() {
    const { latitude, longitude } = await requestLocation()
    map.setView([latitude, longitude], HOME_MAP_ZOOM, { animate: !prefersReducedMotion() })
  }

  if (!container) return null
  return createPortal(
    <button
      type="button"
      aria-label={t('map.recenter')}
      title={t('map.recenter')}
      aria-busy={isLocating}
      onClick={() => void recenter()}
    >
      <LocateFixed aria-hidden="true" className="size-5" />
    </button>,
    container,
  )
}

/** The map's parts, added in this order: the map, its tiles, its controls, the reports. */
const MAP_PARTS = 4

/** The Leaflet map itself; loaded on demand by HomeMap. */
export default function HomeMapView({ onViewChange }: { onViewChange: (bbox: Bbox) => void }) {
  const { t } = useTranslation()
  const location = useLocationStore((state) => state.location)
  const hasDeviceLocation = useLocationStore((state) => state.hasDeviceLocation)
  const center: [number, number] = [location.latitude, location.longitude]
  const shown = useOneTaskAfterAnother(MAP_PARTS)

  return (
    <MapContainer
      center={center}
      zoom={HOME_MAP_ZOOM}
      zoomControl={false}
      scrollWheelZoom={false}
      doubleClickZoom={false}
      boxZoom={false}
      keyboard={false}
      touchZoom
      className="h-full w-full bg-slate-100"
    >
      {shown >= 2 ? <TileLayer url={tileUrl()} attribution={t('map.attribution')} /> : null}
      {shown >= 3 ? (
        <>
          <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
          <RecenterControl />
          {hasDeviceLocation ? (
            <Marker
              position={center}
              icon={positionIcon}
              title={t('map.yourPosition')}
              alt={t('map.yourPosition')}
            >
              <Popup>{t('map.yourPosition')}</Popup>
            </Marker>
          ) : null}
        </>
      ) : null}
      {shown >= 4 ? <ReportMarkers onViewChange={onViewChange} /> : null}
    </MapContainer>
  )
}
