// Sets Leaflet up (its marker icons served by the app) before the map draws.
import '../../../lib/leaflet'
import { useTranslation } from 'react-i18next'
import { MapContainer, Marker, TileLayer, ZoomControl } from 'react-leaflet'
import { REPORT_PAGE_MAP_ZOOM } from '../../../../domain/constants'
import { COMMUNE_PRECISION_ZOOM } from '../../../../domain/report-filing-rules'
import { CommuneCircle } from '../../../components/report/commune-circle'
import { tileUrl } from '../../../lib/config'
import { useOneTaskAfterAnother } from '../../../lib/use-one-task-after-another'

/**
 * The map of a report's public page (Leaflet, loaded on demand): a pin on its place, or for a
 * report by SMS, whose point is only its commune's centre, the commune's circle.
 */
export default function PublicReportMap({
  latitude,
  longitude,
  approximate,
}: {
  latitude: number
  longitude: number
  approximate: boolean
}) {
  const { t } = useTranslation()
  const { t: tCitizen } = useTranslation('citizen')
  // The map, then its tiles, then its controls and pin, each in a task of its own.
  const shown = useOneTaskAfterAnother(3)
  const place: [number, number] = [latitude, longitude]
  return (
    <MapContainer
      center={place}
      zoom={approximate ? COMMUNE_PRECISION_ZOOM : REPORT_PAGE_MAP_ZOOM}
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
          {approximate ? (
            <CommuneCircle latitude={latitude} longitude={longitude} />
          ) : (
            <Marker
              position={place}
              title={tCitizen('publicReport.pin')}
              alt={tCitizen('publicReport.pin')}
              keyboard={false}
            />
          )}
        </>
      ) : null}
    </MapContainer>
  )
}
