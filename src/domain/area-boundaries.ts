/**
 * The limits of the communes an administrator imports (issue 30): a GeoJSON FeatureCollection
 * whose features are Polygons or MultiPolygons named after a commune, read and checked here
 * (pure: no I/O, no zod), each problem told in French with the feature it is in.
 */
import { COMMUNES } from './communes'
import { foldPlaceName } from './place-names'

/** The largest file of limits taken (OpenStreetMap's 19 communes weigh well under 1 MB). */
export const BOUNDARY_FILE_MAX_BYTES = 5 * 1024 * 1024

/** Senegal's extent, with a margin: a coordinate outside it is an error (or latitude and longitude swapped). */
export const SENEGAL_BOUNDS = { west: -17.6, east: -11.3, south: 12.3, north: 16.7 } as const

/** [longitude, latitude], as GeoJSON orders them. */
export type Position = [number, number]
/** A polygon's rings: its outline first, then its holes; each closed (last point = first). */
export type PolygonRings = Position[][]

export interface CommuneBoundary {
  /** The commune's area id (its position in COMMUNES, from 1). */
  areaId: number
  polygons: PolygonRings[]
}

export const BOUNDARY_MESSAGES = {
  notACollection:
    'Fichier GeoJSON attendu\u202f: une FeatureCollection dont chaque élément est une commune (Polygon ou MultiPolygon).',
  noFeature: 'Le fichier ne contient aucune commune.',
  tooLarge: 'Le fichier de limites dépasse 5 Mo.',
  unknownName: 'aucune commune du département de Dakar ne porte ce nom',
  noName: 'il n’a pas de nom (properties.name)',
  unsupportedGeometry: 'sa géométrie doit être un Polygon ou un MultiPolygon',
  badCoordinates: 'ses coordonnées ne sont pas des paires longitude, latitude',
  tooFewPoints: 'un de ses anneaux a moins de 4 points',
  notClosed: 'un de ses anneaux n’est pas fermé (son dernier point doit être le premier)',
  outsideSenegal: 'des coordonnées sont hors du Sénégal',
} as const

const AREA_ID_BY_NAME = new Map(COMMUNES.map((commune, index) => [foldPlaceName(commune.name), index + 1]))

/** The area id of a commune named so (accents, case and dashes aside), or undefined. */
export function areaIdNamed(name: string): number | undefined {
  return AREA_ID_BY_NAME.get(foldPlaceName(name))
}

type Read<T> = { ok: true; value: T } | { ok: false; problem: string }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function readPosition(value: unknown): Position | null {
  if (!Array.isArray(value) || value.length < 2) return null
  const [longitude, latitude] = value
  if (typeof longitude !== 'number' || typeof latitude !== 'number') return null
  return Number.isFinite(longitude) && Number.isFinite(latitude) ? [longitude, latitude] : null
}

function readRing(value: unknown): Read<Position[]> {
  if (!Array.isArray(value)) return { ok: false, problem: BOUNDARY_MESSAGES.badCoordinates }
  const ring: Position[] = []
  for (const item of value) {
    const position = readPosition(item)
    if (!position) return { ok: false, problem: BOUNDARY_MESSAGES.badCoordinates }
    ring.push(position)
  }
  if (ring.length < 4) return { ok: false, problem: BOUNDARY_MESSAGES.tooFewPoints }
  const first = ring[0] as Position
  const last = ring.at(-1) as Position
  if (first[0] !== last[0] || first[1] !== last[1]) return { ok: false, problem: BOUNDARY_MESSAGES.notClosed }
  const { west, east, south, north } = SENEGAL_BOUNDS
  const outside = ring.some(([lon, lat]) => lon < west || lon > east || lat < south || lat > north)
  return outside ? { ok: false, problem: BOUNDARY_MESSAGES.outsideSenegal } : { ok: true, value: ring }
}

function readPolygon(value: unknown): Read<PolygonRings> {
  if (!Array.isArray(value) || value.length === 0)
    return { ok: false, problem: BOUNDARY_MESSAGES.badCoordinates }
  const rings: Position[][] = []
  for (const item of value) {
    const ring = readRing(item)
    if (!ring.ok) return ring
    rings.push(ring.value)
  }
  return { ok: true, value: rings }
}

function readGeometry(geometry: unknown): Read<PolygonRings[]> {
  if (!isObject(geometry)) return { ok: false, problem: BOUNDARY_MESSAGES.unsupportedGeometry }
  if (geometry.type === 'Polygon') {
    const polygon = readPolygon(geometry.coordinates)
    return polygon.ok ? { ok: true, value: [polygon.value] } : polygon
  }
  if (geometry.type !== 'MultiPolygon') return { ok: false, problem: BOUNDARY_MESSAGES.unsupportedGeometry }
  if (!Array.isArray(geometry.coordinates) || geometry.coordinates.length === 0) {
    return { ok: false, problem: BOUNDARY_MESSAGES.badCoordinates }
  }
  const polygons: PolygonRings[] = []
  for (const item of geometry.coordinates) {
    const polygon = readPolygon(item)
    if (!polygon.ok) return polygon
    polygons.push(polygon.value)
  }
  return { ok: true, value: polygons }
}

/** "Élément 3 (« Medina Nord ») : …": which feature a problem is in, by position and name. */
function inFeature(index: number, name: unknown, problem: string): string {
  const named = typeof name === 'string' && name.trim() ? ` («\u202f${name.trim()}\u202f»)` : ''
  return `Élément ${index + 1}${named}\u202f: ${problem}.`
}

/**
 * The communes' limits a FeatureCollection gives, every feature checked; several features of one
 * commune add up. The first problem found is the answer, naming its feature: nothing is taken then.
 */
export function readCommuneBoundaries(input: unknown): Read<CommuneBoundary[]> {
  if (!isObject(input) || input.type !== 'FeatureCollection' || !Array.isArray(input.features)) {
    return { ok: false, problem: BOUNDARY_MESSAGES.notACollection }
  }
  if (input.features.length === 0) return { ok: false, problem: BOUNDARY_MESSAGES.noFeature }
  const byArea = new Map<number, PolygonRings[]>()
  for (const [index, feature] of input.features.entries()) {
    if (!isObject(feature) || feature.type !== 'Feature') {
      return { ok: false, problem: inFeature(index, undefined, BOUNDARY_MESSAGES.unsupportedGeometry) }
    }
    const name = isObject(feature.properties) ? feature.properties.name : undefined
    if (typeof name !== 'string' || !name.trim()) {
      return { ok: false, problem: inFeature(index, undefined, BOUNDARY_MESSAGES.noName) }
    }
    const areaId = areaIdNamed(name)
    if (areaId === undefined)
      return { ok: false, problem: inFeature(index, name, BOUNDARY_MESSAGES.unknownName) }
    const geometry = readGeometry(feature.geometry)
    if (!geometry.ok) return { ok: false, problem: inFeature(index, name, geometry.problem) }
    byArea.set(areaId, [...(byArea.get(areaId) ?? []), ...geometry.value])
  }
  return {
    ok: true,
    value: [...byArea]
      .map(([areaId, polygons]) => ({ areaId, polygons }))
      .sort((a, b) => a.areaId - b.areaId),
  }
}
