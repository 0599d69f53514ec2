import type { DragEndEvent, Marker as LeafletMarker } from 'leaflet'
import Crosshair from 'lucide-react/icons/crosshair'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MapContainer, Marker, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet'
import { REPORT_FORM_MAP_ZOOM } from '../../../../domain/constants'
import { MapControl } from '../../../components/map/map-control'
import { tileUrl } from '../../../lib/config'
// Sets up Leaflet (its marker icons served by the app) before the map draws.
import { prefersReducedMotion } from '../../../lib/leaflet'
import { useOneTaskAfterAnother } from '../../../lib/use-one-task-after-another'

export interface MapPosition {
  latitude: number
  longitude: number
}

export interface PlaceMapProps {
  /** Where the view starts: where the preview showed it. */
  initialCenter: MapPosition
  position: MapPosition
  /** Changes when the position came from outside the map ("Utiliser ma position"): the view follows. */
  recenterKey: number
  onMove: (position: MapPosition) => void
  /** Called once the pin is drawn. */
  onReady: () => void
}

/** Brings the view to the pin when the position was set from outside the map. */
function FollowPosition({ position, recenterKey }: Pick<PlaceMapProps, 'position' | 'recenterKey'>) {
  const map = useMap()
  // The first key's view is the map's initial one.
  const [initialKey] = useState(recenterKey)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new recenterKey moves the view, not every drag
  useEffect(() => {
    if (recenterKey === initialKey) return
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

/**
 * "Mettre le repère au centre de la carte", a control of the map's bottom right corner: Leaflet
 * stacks it above the tiles' attribution, which it hid at 360 px from the bottom left.
 */
function PinToCentreControl({ onMove }: Pick<PlaceMapProps, 'onMove'>) {
  const map = useMap()
  const { t } = useTranslation('citizen')
  return (
    <MapControl position="bottomright">
      <button
        type="button"
        onClick={() => {
          const centre = map.getCenter()
          onMove({ latitude: centre.lat, longitude: centre.lng })
        }}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-slate-900 shadow-md ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
      >
        <Crosshair aria-hidden="true" className="size-4 text-green-700" />
        {t('reportForm.place.pinToCentre')}
      </button>
    </MapControl>
  )
}

/**
 * The report form's map (Leaflet, loaded on demand): a draggable pin on the place of the problem.
 * A pin cannot be dragged with the keyboard: the arrows move the map, and a button puts the pin
 * at its centre.
 */
export default function PlaceMap({ initialCenter, position, recenterKey, onMove, onReady }: PlaceMapProps) {
  const { t } = useTranslation()
  const { t: tRoot } = useTranslation('citizen')
  // The map, then its tiles, then its controls and pin, each in a task of its own.
  const shown = useOneTaskAfterAnother(3)
  const pin: [number, number] = [position.latitude, position.longitude]
  // Its first view only: later ones come from FollowPosition.
  const [center] = useState<[number, number]>([initialCenter.latitude, initialCenter.longitude])
  useEffect(() => {
    if (shown >= 3) onReady()
  }, [shown, onReady])
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
    <div className="relative h-full w-full">
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
        {shown >= 2 ? <TileLayer url={tileUrl()} attribution={t('map.attribution')} /> : null}
        {shown >= 3 ? (
          <>
            <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
            <Marker
              position={pin}
              draggable
              autoPan
              title={tRoot('reportForm.place.pin')}
              alt={tRoot('reportForm.place.pin')}
              eventHandlers={handlers}
            />
            <FollowPosition position={position} recenterKey={recenterKey} />
            <MoveOnClick onMove={onMove} />
            <PinToCentreControl onMove={onMove} />
          </>
        ) : null}
      </MapContainer>
    </div>
  )
}
