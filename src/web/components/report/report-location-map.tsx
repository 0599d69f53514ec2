import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { MapContainer, Marker, TileLayer, useMap, ZoomControl } from 'react-leaflet'
import { REPORT_LOCATION_ZOOM } from '../../../domain/constants'
import { COMMUNE_PRECISION_ZOOM } from '../../../domain/report-filing-rules'
import { tileUrl } from '../../lib/config'
import { CommuneCircle } from './commune-circle'
// Sets up Leaflet (its marker icons served by the app) before the map draws.
import '../../lib/leaflet'
import { useOneTaskAfterAnother } from '../../lib/use-one-task-after-another'

/** A dialog grows into place: Leaflet measures its box again once it has. */
function MeasureWhenShown() {
  const map = useMap()
  useEffect(() => {
    const timer = setTimeout(() => map.invalidateSize(), 250)
    return () => clearTimeout(timer)
  }, [map])
  return null
}

/**
 * Where a report is, on a small map (Leaflet, loaded on demand by ReportLocation): a pin, or for a
 * point that is only its commune's centre (a report by SMS) the commune's circle, not a pin.
 */
export default function ReportLocationMap({
  latitude,
  longitude,
  label,
  approximate = false,
}: {
  latitude: number
  longitude: number
  label: string
  approximate?: boolean
}) {
  const { t } = useTranslation()
  const shown = useOneTaskAfterAnother(3)
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={approximate ? COMMUNE_PRECISION_ZOOM : REPORT_LOCATION_ZOOM}
      zoomControl={false}
      scrollWheelZoom={false}
      doubleClickZoom
      touchZoom
      className="h-full w-full bg-slate-100"
    >
      {shown >= 2 ? <TileLayer url={tileUrl()} attribution={t('map.attribution')} /> : null}
      {shown >= 3 ? (
        <>
          <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
          {approximate ? (
            <CommuneCircle latitude={latitude} longitude={longitude} />
          ) : (
            <Marker position={[latitude, longitude]} title={label} alt={label} keyboard={false} />
          )}
          <MeasureWhenShown />
        </>
      ) : null}
    </MapContainer>
  )
}
