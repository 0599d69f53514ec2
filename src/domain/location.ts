import {
  COORDINATE_DECIMALS,
  FIELD_COORDINATE_DECIMALS,
  REPORT_LOCATION_ZOOM,
  STORED_COORDINATE_DECIMALS,
} from './constants'

export interface Location {
  latitude: number
  longitude: number
  address: string
  city: string
  department: string
}

/**
 * Dakar itself. SPEC.md's 14.4974, -14.4524 is the centre of Senegal, 300 km away
 * (DESIGN.md section 2).
 */
export const DEFAULT_LOCATION: Location = {
  latitude: 14.6928,
  longitude: -17.4467,
  address: 'Dakar, Sénégal',
  city: 'Dakar',
  department: 'Dakar',
}

/** What a report's place reads when nothing is known of it (the screens translate it by key). */
export const UNKNOWN_PLACE = 'Localisation non spécifiée'

/** The latitudes and longitudes there are, in degrees either side of zero. */
export const LATITUDE_LIMIT = 90
export const LONGITUDE_LIMIT = 180

export function isValidLatitude(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= LATITUDE_LIMIT
}

export function isValidLongitude(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= LONGITUDE_LIMIT
}

/** A latitude or longitude as a report stores it (STORED_COORDINATE_DECIMALS); 0 rather than -0. */
export function storedDegrees(value: number): number {
  const scale = 10 ** STORED_COORDINATE_DECIMALS
  return Math.round(value * scale) / scale || 0
}

export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(COORDINATE_DECIMALS)}, ${longitude.toFixed(COORDINATE_DECIMALS)}`
}

/** Coordinates for the field: five decimals, about a metre ("14.69280, -17.44670"). */
export function fieldCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(FIELD_COORDINATE_DECIMALS)}, ${longitude.toFixed(FIELD_COORDINATE_DECIMALS)}`
}

/**
 * A `geo:` address (RFC 5870): a phone opens it in its map application, which offers the way
 * there. The `q` parameter puts a pin with its label on the point (Android's maps read it).
 */
export function geoUri(latitude: number, longitude: number, label: string): string {
  const point = `${latitude.toFixed(FIELD_COORDINATE_DECIMALS)},${longitude.toFixed(FIELD_COORDINATE_DECIMALS)}`
  return `geo:${point}?q=${point}(${encodeURIComponent(label)})`
}

/**
 * The way to a point on openstreetmap.org: what "Itinéraire" opens on a computer, where a `geo:`
 * address does nothing. The starting point is left for the person to give (or their position).
 */
export function openStreetMapDirectionsUrl(latitude: number, longitude: number): string {
  const point = `${latitude.toFixed(FIELD_COORDINATE_DECIMALS)},${longitude.toFixed(FIELD_COORDINATE_DECIMALS)}`
  return `https://www.openstreetmap.org/directions?to=${point}`
}

/** The point on openstreetmap.org, with its marker: for a computer, or a phone without a map app. */
export function openStreetMapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(FIELD_COORDINATE_DECIMALS)
  const lon = longitude.toFixed(FIELD_COORDINATE_DECIMALS)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${REPORT_LOCATION_ZOOM}/${lat}/${lon}`
}

/** The address fields a Nominatim-compatible reverse geocoder returns that we read. */
export interface GeocodedAddress {
  suburb?: string
  neighbourhood?: string
  city?: string
  town?: string
  village?: string
  state?: string
  province?: string
}

/** "Quartier, Ville, Région" from a geocoder answer, without empty parts or repeats. */
export function neighbourhoodChain(address: GeocodedAddress | null | undefined): string | null {
  if (!address) return null
  const parts = [
    address.neighbourhood ?? address.suburb,
    address.city ?? address.town ?? address.village,
    address.state ?? address.province,
  ].filter((part): part is string => Boolean(part?.trim()))
  const unique = [...new Set(parts)]
  return unique.length > 0 ? unique.join(', ') : null
}

const EARTH_RADIUS_M = 6_371_000

/** The distance in metres between two points, along the Earth's surface (haversine: exact enough at a city's scale). */
export function distanceInMetres(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = radians(to.latitude - from.latitude)
  const dLon = radians(to.longitude - from.longitude)
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a))
}
