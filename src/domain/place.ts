import { nearestCommune, PLACE_NAMING_MARGIN_M } from './communes'
import {
  fieldCoordinates,
  formatCoordinates,
  type GeocodedAddress,
  isValidLatitude,
  isValidLongitude,
  neighbourhoodChain,
} from './location'

// Apart from location.ts: the home page needs Dakar's centre, not the communes' table.

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
