import { nearestCommune, PLACE_NAMING_MARGIN_M } from './communes'
import { COORDINATE_DECIMALS, FIELD_COORDINATE_DECIMALS, REPORT_LOCATION_ZOOM } from './constants'

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

export function isValidLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= -90 && value <= 90
}

export function isValidLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= -180 && value <= 180
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

export interface PlaceSource {
  address?: string | null
  department?: string | null
  latitude?: number | null
  longitude?: number | null
}

/**
 * The place name shown for a report (SPEC.md section 2, made precise for the field): the
 * address; else the commune of Dakar it lies in with its coordinates ("Médina (14.67950,
 * -17.44700)"), for a crew to find it; else the neighbourhood chain of reverse geocoding; else
 * the department and the coordinates; null when nothing is known, for the screen to say
 * UNKNOWN_PLACE in the reader's language.
 */
export function placeName(report: PlaceSource, geocoded?: GeocodedAddress | null): string | null {
  const address = report.address?.trim()
  if (address) return address
  const point = validPoint(report)
  const commune = point ? nearestCommune(point.latitude, point.longitude, PLACE_NAMING_MARGIN_M) : null
  if (point && commune) return `${commune.name} (${fieldCoordinates(point.latitude, point.longitude)})`
  const chain = neighbourhoodChain(geocoded)
  if (chain) return chain
  const department = report.department?.trim()
  if (point) {
    const coordinates = formatCoordinates(point.latitude, point.longitude)
    return department ? `${department} (${coordinates})` : coordinates
  }
  return department || null
}

/** Whether reverse geocoding can name a report's place better than placeName can alone. */
export function placeNeedsGeocoding(
  report: PlaceSource,
): report is PlaceSource & { latitude: number; longitude: number } {
  if (report.address?.trim()) return false
  const point = validPoint(report)
  return point !== null && nearestCommune(point.latitude, point.longitude, PLACE_NAMING_MARGIN_M) === null
}

function validPoint({ latitude, longitude }: PlaceSource): { latitude: number; longitude: number } | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null
  return isValidLatitude(latitude) && isValidLongitude(longitude) ? { latitude, longitude } : null
}
