import markerIconUrl from 'leaflet/dist/images/marker-icon.png'
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png'
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png'
import { useTranslation } from 'react-i18next'
import { REPORT_FORM_MAP_ZOOM } from '../../../../domain/constants'
import { MapPreview, type MapTap } from '../../../components/map/map-preview'
import { useMapSize } from '../../../components/map/use-map-size'
import type { MapPosition } from './place-map'

/** Leaflet's own pin (its default icon, which the live map shows): its size and the tip's place in it. */
const PIN = { width: 25, height: 41, tipX: 12, tipY: 41, shadow: 41 }

/**
 * The form's map before it is touched: the tiles and the pin where the live map (place-map.tsx)
 * will draw them. A tap moves the pin there at once, as a tap on the live map does, and wakes the
 * live map for what follows (dragging the pin, moving the map).
 */
export default function PlaceMapPreview({
  center,
  position,
  onWake,
}: {
  /** The view's centre, where the live map will start. */
  center: MapPosition
  /** The pin. */
  position: MapPosition
  onWake: (tap: MapTap | null) => void
}) {
  const { t } = useTranslation('citizen')
  const [boxRef, size] = useMapSize()
  return (
    <div ref={boxRef} className="absolute inset-0">
      {size ? (
        <MapPreview
          center={center}
          zoom={REPORT_FORM_MAP_ZOOM}
          size={size}
          label={t('reportForm.place.mapLabel')}
          onWake={onWake}
        >
          {(place) => {
            const tip = place(position)
            const left = tip.x - PIN.tipX
            const top = tip.y - PIN.tipY
            return (
              <>
                <img
                  src={markerShadowUrl}
                  alt=""
                  className="absolute max-w-none"
                  style={{ left, top, width: PIN.shadow, height: PIN.shadow }}
                />
                <img
                  src={markerIconUrl}
                  srcSet={`${markerIconRetinaUrl} 2x`}
                  alt=""
                  title={t('reportForm.place.pin')}
                  className="absolute max-w-none"
                  style={{ left, top, width: PIN.width, height: PIN.height }}
                />
              </>
            )
          }}
        </MapPreview>
      ) : null}
    </div>
  )
}
