import { useTranslation } from 'react-i18next'
import { Circle, MapContainer, Polygon, TileLayer, Tooltip, ZoomControl } from 'react-leaflet'
import type { AdminArea } from '../../../../domain/area'
import type { Position } from '../../../../domain/area-boundaries'
import { tileUrl } from '../../../lib/config'
// Leaflet, set up (its styles, its icons) before the map draws.
import { L } from '../../../lib/leaflet'
import { useOneTaskAfterAnother } from '../../../lib/use-one-task-after-another'

/** A commune's imported limits: a MultiPolygon's polygons, each its rings in [longitude, latitude]. */
function polygonsOf(boundary: unknown): Position[][][] | null {
  const shape = boundary as { type?: unknown; coordinates?: unknown } | null
  return shape?.type === 'MultiPolygon' && Array.isArray(shape.coordinates)
    ? (shape.coordinates as Position[][][])
    : null
}

/** GeoJSON says [longitude, latitude], Leaflet [latitude, longitude]. */
const latLngsOf = (polygons: Position[][][]) =>
  polygons.map((rings) =>
    rings.map((ring) => ring.map(([longitude, latitude]) => L.latLng(latitude, longitude))),
  )

/** The view that holds every commune: its limits, or its circle around the centre. */
function boundsOf(areas: readonly AdminArea[]): L.LatLngBounds {
  const bounds = L.latLngBounds([])
  for (const area of areas) {
    const polygons = polygonsOf(area.boundary)
    if (polygons)
      for (const ring of latLngsOf(polygons).flat()) for (const point of ring) bounds.extend(point)
    else bounds.extend(L.latLng(area.latitude, area.longitude).toBounds(2 * area.radius_m))
  }
  return bounds
}

const IMPORTED = { color: '#15803d', weight: 2, fillOpacity: 0.15 }
const APPROXIMATED = { color: '#1d4ed8', weight: 2, dashArray: '6 4', fillOpacity: 0.08 }

/** A commune by its limits, or by its circle; its name on hover, or on a tap on a touch screen. */
function CommuneShape({ area }: { area: AdminArea }) {
  const polygons = polygonsOf(area.boundary)
  const name = <Tooltip sticky>{area.name}</Tooltip>
  return polygons ? (
    <Polygon positions={latLngsOf(polygons)} pathOptions={IMPORTED}>
      {name}
    </Polygon>
  ) : (
    <Circle center={[area.latitude, area.longitude]} radius={area.radius_m} pathOptions={APPROXIMATED}>
      {name}
    </Circle>
  )
}

/**
 * The 19 communes on a map (Leaflet, fetched with the "Zones" screen once it is up): each by its
 * imported limits, or by the circle of its centre's approximation; its name on hover or tap.
 */
export default function CommunesMap({ areas }: { areas: readonly AdminArea[] }) {
  const { t } = useTranslation()
  // The map, then its tiles, then its controls and communes, each in a task of its own.
  const shown = useOneTaskAfterAnother(3)
  return (
    <MapContainer
      bounds={boundsOf(areas)}
      zoomControl={false}
      scrollWheelZoom={false}
      className="h-full w-full bg-slate-100"
    >
      {shown >= 2 ? <TileLayer url={tileUrl()} attribution={t('map.attribution')} /> : null}
      {shown >= 3 ? (
        <>
          <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
          {areas.map((area) => (
            // Keyed by its source: a commune whose limits were just imported trades its circle for them.
            <CommuneShape key={`${area.id}:${area.boundary_imported_at ?? 'centre'}`} area={area} />
          ))}
        </>
      ) : null}
    </MapContainer>
  )
}
