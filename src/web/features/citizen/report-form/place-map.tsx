import type { DragEndEvent, Marker as LeafletMarker } from 'leaflet'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { MapContainer, Marker, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet'
import { REPORT_FORM_MAP_ZOOM } from '../../../../domain/constants'
import { tileUrl } from '../../../lib/config'
// Sets up Leaflet (its marker icons served by the app) before the map draws.
import { prefersReducedMotion } from '../../../lib/leaflet'

export interface MapPosition {
  latitude: number
  longitude: number
}

export interface PlaceMapProps {
  position: MapPosition
  /** Changes when the position came from outside the map ("Utiliser ma position"): the view follows. */
  recenterKey: number
  onMove: (position: MapPosition) => void
}

/** Brings the view to the pin when the position was set from outside the map. */
function FollowPosition({ position, recenterKey }: Pick<PlaceMapProps, 'position' | 'recenterKey'>) {
  const map = useMap()
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new recenterKey moves the view, not every drag
  useEffect(() => {
    map.setView([position.latitude, position.longitude], Math.max(map.getZoom(), REPORT_FORM_MAP_ZOOM), {
      animate: !prefersReducedMotion(),
    })
  }, [map, recenterKey])
  return null
}

/** A tap on the map moves the pin there. */
function MoveOnClick({ onMove }: Pick<PlaceMapProps, 'onMove'>) {
  useMapEvents({
    click: (event) => onMove({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
  })
  return null
}

/** The report form's map (Leaflet, loaded on demand): a draggable pin on the place of the problem. */
export default function PlaceMap({ position, recenterKey, onMove }: PlaceMapProps) {
  const { t } = useTranslation()
  const { t: tRoot } = useTranslation('citizen')
  const center: [number, number] = [position.latitude, position.longitude]
  const handlers = useMemo(
    () => ({
      dragend: (event: DragEndEvent) => {
        const { lat, lng } = (event.target as LeafletMarker).getLatLng()
        onMove({ latitude: lat, longitude: lng })
      },
    }),
    [onMove],
  )

  return (
    <MapContainer
      center={center}
      zoom={REPORT_FORM_MAP_ZOOM}
      zoomControl={false}
      scrollWheelZoom={false}
      doubleClickZoom={false}
      boxZoom={false}
      touchZoom
      className="h-full w-full bg-slate-100"
    >
      <TileLayer url={tileUrl()} attribution={t('map.attribution')} />
      <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
      <Marker
        position={center}
        draggable
        autoPan
        title={tRoot('reportForm.place.pin')}
        alt={tRoot('reportForm.place.pin')}
        eventHandlers={handlers}
      />
      <FollowPosition position={position} recenterKey={recenterKey} />
      <MoveOnClick onMove={onMove} />
    </MapContainer>
  )
}
