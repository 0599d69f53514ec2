/**
 * The limits of the communes an administrator imports (issue 30): a GeoJSON FeatureCollection
 * whose features are Polygons or MultiPolygons named after a commune, read and checked here
 * (pure: no I/O, no zod), each problem told in French with the feature it is in.
 */
import { COMMUNES } from './communes'
import { foldPlaceName } from './place-names'

/** The largest file of limits taken (OpenStreetMap's 19 communes weigh well under 1 MB). */
export const BOUNDARY_FILE_MAX_BYTES = 5 * 1024 * 1024

/**
 * The most features a file may hold: one per commune (19), or a few per commune drawn in parts.
 * 25,000 features of one commune held the server for 10 s before this limit (issue 47).
 */
export const BOUNDARY_MAX_FEATURES = 100

/**
 * The most points a file may hold, all its rings together: OpenStreetMap's 19 communes need far
 * fewer (well under 1 MB of GeoJSON). An import is written in one transaction, and PGlite runs in
 * the server's process, answering nothing else meanwhile: 50,000 points took 0.45 to 1.5 s to
 * check and write on a loaded two-core machine; 120,000 held the server for 5 s before this limit
 * (issue 47).
 */
export const BOUNDARY_MAX_POINTS = 50_000

/**
 * How much of the check of a file is done between two pauses, in comparisons of two sides (about
 * a millisecond): the server answers other requests at each pause (`checkBoundaryFile`).
 */
export const BOUNDARY_CHECK_SLICE = 20_000

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
  tooManyFeatures: `Le fichier compte plus de ${BOUNDARY_MAX_FEATURES.toLocaleString('fr-FR')} éléments\u202f: un élément par commune est attendu.`,
  tooManyPoints: `Le fichier compte plus de ${BOUNDARY_MAX_POINTS.toLocaleString('fr-FR')} points\u202f: simplifiez les limites (par exemple avec mapshaper) avant de les importer.`,
  unknownName: 'aucune commune du département de Dakar ne porte ce nom',
  noName: 'il n’a pas de nom (properties.name)',
  unsupportedGeometry: 'sa géométrie doit être un Polygon ou un MultiPolygon',
  badCoordinates: 'ses coordonnées ne sont pas des paires longitude, latitude',
  tooFewPoints: 'un de ses anneaux a moins de 4 points',
  notClosed: 'un de ses anneaux n’est pas fermé (son dernier point doit être le premier)',
  outsideSenegal: 'des coordonnées sont hors du Sénégal',
  selfIntersecting: 'un de ses anneaux se recoupe (deux de ses côtés se croisent ou se touchent)',
} as const

const AREA_ID_BY_NAME = new Map(COMMUNES.map((commune, index) => [foldPlaceName(commune.name), index + 1]))

/** The area id of a commune named so (accents, case and dashes aside), or undefined. */
export function areaIdNamed(name: string): number | undefined {
  return AREA_ID_BY_NAME.get(foldPlaceName(name))
}

type Read<T> = { ok: true; value: T } | { ok: false; problem: string }
/** A file of limits read: the communes' limits, or the first problem found, in French. */
export type BoundaryFileRead = Read<CommuneBoundary[]>

/**
 * The steps of a long check: each `yield` is a pause, where its caller may let other work run
 * (the server answers requests there); its return value is the check's answer.
 */
export type CheckSteps<T> = Generator<void, T, void>

/** The work done since the last pause, counted in comparisons of two sides. */
interface Work {
  done: number
}

/** A pause once a slice of work is done. */
function* pauseIfDue(work: Work): CheckSteps<void> {
  if (work.done < BOUNDARY_CHECK_SLICE) return
  work.done = 0
  yield
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function readPosition(value: unknown): Position | null {
  if (!Array.isArray(value) || value.length < 2) return null
  const [longitude, latitude] = value
  if (typeof longitude !== 'number' || typeof latitude !== 'number') return null
  return Number.isFinite(longitude) && Number.isFinite(latitude) ? [longitude, latitude] : null
}

function* readRing(value: unknown, work: Work): CheckSteps<Read<Position[]>> {
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
  if (outside) return { ok: false, problem: BOUNDARY_MESSAGES.outsideSenegal }
  // A point written twice in a row is one point; what is left must still make a ring.
  const corners = ring.filter((point, index) => index === 0 || !samePoint(point, ring[index - 1] as Position))
  corners.pop()
  if (corners.length < 3) return { ok: false, problem: BOUNDARY_MESSAGES.tooFewPoints }
  if (yield* crossesItself(corners, work)) return { ok: false, problem: BOUNDARY_MESSAGES.selfIntersecting }
  return { ok: true, value: ring }
}

function* readPolygon(value: unknown, work: Work): CheckSteps<Read<PolygonRings>> {
  if (!Array.isArray(value) || value.length === 0)
    return { ok: false, problem: BOUNDARY_MESSAGES.badCoordinates }
  const rings: Position[][] = []
  for (const item of value) {
    const ring = yield* readRing(item, work)
    if (!ring.ok) return ring
    rings.push(ring.value)
  }
  return { ok: true, value: rings }
}

function* readGeometry(geometry: unknown, work: Work): CheckSteps<Read<PolygonRings[]>> {
  if (!isObject(geometry)) return { ok: false, problem: BOUNDARY_MESSAGES.unsupportedGeometry }
  if (geometry.type === 'Polygon') {
    const polygon = yield* readPolygon(geometry.coordinates, work)
    return polygon.ok ? { ok: true, value: [polygon.value] } : polygon
  }
  if (geometry.type !== 'MultiPolygon') return { ok: false, problem: BOUNDARY_MESSAGES.unsupportedGeometry }
  if (!Array.isArray(geometry.coordinates) || geometry.coordinates.length === 0) {
    return { ok: false, problem: BOUNDARY_MESSAGES.badCoordinates }
  }
  const polygons: PolygonRings[] = []
  for (const item of geometry.coordinates) {
    const polygon = yield* readPolygon(item, work)
    if (!polygon.ok) return polygon
    polygons.push(polygon.value)
  }
  return { ok: true, value: polygons }
}

/**
 * How many points the features' rings hold, counted from the arrays' lengths alone (what is not
 * an array of rings is left to the reading, which refuses it): a file over the limit is refused
 * before any point is read.
 */
function pointsIn(features: readonly unknown[]): number {
  let points = 0
  for (const feature of features) {
    const geometry = isObject(feature) && isObject(feature.geometry) ? feature.geometry : undefined
    const polygons = geometry?.type === 'MultiPolygon' ? geometry.coordinates : [geometry?.coordinates]
    if (!Array.isArray(polygons)) continue
    for (const polygon of polygons) {
      if (!Array.isArray(polygon)) continue
      for (const ring of polygon) if (Array.isArray(ring)) points += ring.length
    }
  }
  return points
}

/** "Élément 3 (« Medina Nord ») : …": which feature a problem is in, by position and name. */
function inFeature(index: number, name: unknown, problem: string): string {
  const named = typeof name === 'string' && name.trim() ? ` («\u202f${name.trim()}\u202f»)` : ''
  return `Élément ${index + 1}${named}\u202f: ${problem}.`
}

/**
 * The communes' limits a FeatureCollection gives, every feature checked, as steps with pauses
 * (a file at the limits takes a few hundred milliseconds to check); several features of one
 * commune add up. The first problem found is the answer, naming its feature: nothing is taken then.
 */
export function* communeBoundarySteps(input: unknown): CheckSteps<BoundaryFileRead> {
  if (!isObject(input) || input.type !== 'FeatureCollection' || !Array.isArray(input.features)) {
    return { ok: false, problem: BOUNDARY_MESSAGES.notACollection }
  }
  if (input.features.length === 0) return { ok: false, problem: BOUNDARY_MESSAGES.noFeature }
  if (input.features.length > BOUNDARY_MAX_FEATURES) {
    return { ok: false, problem: BOUNDARY_MESSAGES.tooManyFeatures }
  }
  if (pointsIn(input.features) > BOUNDARY_MAX_POINTS) {
    return { ok: false, problem: BOUNDARY_MESSAGES.tooManyPoints }
  }
  const work: Work = { done: 0 }
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
    const geometry = yield* readGeometry(feature.geometry, work)
    if (!geometry.ok) return { ok: false, problem: inFeature(index, name, geometry.problem) }
    const polygons = byArea.get(areaId) ?? []
    for (const polygon of geometry.value) polygons.push(polygon)
    byArea.set(areaId, polygons)
  }
  return {
    ok: true,
    value: [...byArea]
      .map(([areaId, polygons]) => ({ areaId, polygons }))
      .sort((a, b) => a.areaId - b.areaId),
  }
}

/** The same check at once, without pauses (the web app, the tests). */
export function readCommuneBoundaries(input: unknown): BoundaryFileRead {
  const steps = communeBoundarySteps(input)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

function samePoint(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1]
}

/** Where `c` lies from the line a → b: > 0 on its left, < 0 on its right, 0 on it. */
function turn(a: Position, b: Position, c: Position): number {
  return Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))
}

/** Whether `c`, on the line of a and b, lies between them. */
function between(a: Position, b: Position, c: Position): boolean {
  return (
    Math.min(a[0], b[0]) <= c[0] &&
    c[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= c[1] &&
    c[1] <= Math.max(a[1], b[1])
  )
}

/** Whether the sides a–b and c–d have a point in common: they cross, touch or overlap. */
function sidesMeet(a: Position, b: Position, c: Position, d: Position): boolean {
  const [t1, t2, t3, t4] = [turn(c, d, a), turn(c, d, b), turn(a, b, c), turn(a, b, d)]
  if (t1 * t2 < 0 && t3 * t4 < 0) return true
  return (
    (t1 === 0 && between(c, d, a)) ||
    (t2 === 0 && between(c, d, b)) ||
    (t3 === 0 && between(a, b, c)) ||
    (t4 === 0 && between(a, b, d))
  )
}

/**
 * Whether a ring (its corners in order, not closed, no point twice in a row) crosses or touches
 * itself. Shamos and Hoey's sweep (1976), O(n log n): the corners are visited from west to east;
 * the sides the sweep line cuts are kept in their order from south to north, and only sides that
 * become neighbours in that order are compared, since the westernmost meeting of two sides is
 * between neighbours. A corner met twice is a ring that touches itself; two sides that share a
 * corner meet only by going back along each other.
 */
function* crossesItself(corners: readonly Position[], work: Work): CheckSteps<boolean> {
  const n = corners.length
  const at = (index: number) => corners[index] as Position
  const westOf = (i: number, j: number) => {
    const [a, b] = [at(i), at(j)]
    return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])
  }
  // Side k joins corner k to corner k + 1; its ends, west then east.
  const next = (k: number) => (k + 1 === n ? 0 : k + 1)
  const westEnd = (side: number) => (westOf(side, next(side)) ? side : next(side))
  const eastEnd = (side: number) => (westOf(side, next(side)) ? next(side) : side)
  const neighbours = (s: number, t: number) => next(s) === t || next(t) === s

  /** Whether two sides that the sweep found side by side meet where they should not. */
  const meet = (s: number, t: number): boolean => {
    work.done += 1
    if (!neighbours(s, t)) return sidesMeet(at(s), at(next(s)), at(t), at(next(t)))
    const [p, q, r] = next(s) === t ? [at(s), at(t), at(next(t))] : [at(t), at(s), at(next(s))]
    return turn(p, q, r) === 0 && (q[0] - p[0]) * (r[0] - q[0]) + (q[1] - p[1]) * (r[1] - q[1]) < 0
  }

  /**
   * Whether side s runs north (> 0) or south (< 0) of side t where the sweep cuts both, read at
   * the later of their west ends; 0 when they touch there (or leave one corner along one line).
   */
  const compare = (s: number, t: number): number => {
    work.done += 1
    const [sWest, tWest] = [westEnd(s), westEnd(t)]
    if (sWest === tWest) return turn(at(tWest), at(eastEnd(t)), at(eastEnd(s)))
    return westOf(tWest, sWest)
      ? turn(at(tWest), at(eastEnd(t)), at(sWest))
      : -turn(at(sWest), at(eastEnd(s)), at(tWest))
  }

  const order = Array.from({ length: n }, (_, index) => index).sort((i, j) =>
    westOf(i, j) ? -1 : westOf(j, i) ? 1 : 0,
  )
  for (let index = 1; index < n; index++) {
    if (samePoint(at(order[index - 1] as number), at(order[index] as number))) return true
  }
  yield* pauseIfDue(work)

  /** The sides the sweep line cuts, south to north. */
  const cut: number[] = []
  /** Where `side` goes (or is) in `cut`; -1 when it touches a side there. */
  const place = (side: number): number => {
    let [low, high] = [0, cut.length]
    while (low < high) {
      const middle = (low + high) >> 1
      const other = cut[middle] as number
      if (other === side) return middle
      const where = compare(side, other)
      if (where === 0) return -1
      if (where > 0) low = middle + 1
      else high = middle
    }
    return low
  }

  for (const corner of order) {
    const sides = [corner === 0 ? n - 1 : corner - 1, corner]
    // The sides ending here leave the sweep first; their neighbours become each other's.
    for (const side of sides) {
      if (eastEnd(side) !== corner) continue
      const index = place(side)
      if (index < 0 || cut[index] !== side) return true
      cut.splice(index, 1)
      work.done += cut.length >> 6
      const [south, north] = [cut[index - 1], cut[index]]
      if (south !== undefined && north !== undefined && meet(south, north)) return true
    }
    for (const side of sides) {
      if (westEnd(side) !== corner) continue
      const index = place(side)
      if (index < 0) return true
      cut.splice(index, 0, side)
      work.done += cut.length >> 6
      const [south, north] = [cut[index - 1], cut[index + 1]]
      if (south !== undefined && meet(south, side)) return true
      if (north !== undefined && meet(side, north)) return true
    }
    yield* pauseIfDue(work)
  }
  return false
}
