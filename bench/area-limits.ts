// Limits of the 19 communes for the bench (issue 30): each commune the part of the department
// nearer its centre than any other's (a Voronoi cell, clipped to the department's box), its edges
// cut into many points as OpenStreetMap's limits are (hundreds of points a commune), so that the
// recount tests a point against outlines of a realistic size.
import { COMMUNES } from '../src/domain/communes'

type Point = [number, number]

/** The department of Dakar's box, as [west, south, east, north]. */
const DEPARTMENT_BOX = [-17.55, 14.64, -17.38, 14.81] as const
/** Longitude degrees are this much shorter than latitude degrees at Dakar. */
const LONGITUDE_SCALE = Math.cos((14.72 * Math.PI) / 180)

/** The part of `polygon` where a·p ≤ b (Sutherland–Hodgman, one half-plane). */
function clip(polygon: Point[], a: Point, b: number): Point[] {
  const inside = (p: Point) => a[0] * p[0] + a[1] * p[1] <= b
  const crossing = (p: Point, q: Point): Point => {
    const t = (b - a[0] * p[0] - a[1] * p[1]) / (a[0] * (q[0] - p[0]) + a[1] * (q[1] - p[1]))
    return [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]
  }
  const out: Point[] = []
  polygon.forEach((current, i) => {
    const previous = polygon[(i + polygon.length - 1) % polygon.length] as Point
    if (inside(current)) {
      if (!inside(previous)) out.push(crossing(previous, current))
      out.push(current)
    } else if (inside(previous)) {
      out.push(crossing(previous, current))
    }
  })
  return out
}

/** Each edge cut into `pieces` segments. */
function densify(polygon: Point[], pieces: number): Point[] {
  return polygon.flatMap((p, i) => {
    const q = polygon[(i + 1) % polygon.length] as Point
    return Array.from(
      { length: pieces },
      (_, k): Point => [p[0] + ((q[0] - p[0]) * k) / pieces, p[1] + ((q[1] - p[1]) * k) / pieces],
    )
  })
}

/** The communes' limits as a GeoJSON FeatureCollection (about `points` points each). */
export function benchCommuneLimits(points = 400) {
  const [west, south, east, north] = DEPARTMENT_BOX
  // In scaled coordinates (x = longitude × scale), where the bisectors are the true ones.
  const centres: Point[] = COMMUNES.map((c) => [c.longitude * LONGITUDE_SCALE, c.latitude])
  const features = centres.map((centre, i) => {
    let cell: Point[] = [
      [west * LONGITUDE_SCALE, south],
      [east * LONGITUDE_SCALE, south],
      [east * LONGITUDE_SCALE, north],
      [west * LONGITUDE_SCALE, north],
    ]
    centres.forEach((other, j) => {
      if (j === i) return
      // Nearer `centre` than `other`: 2(other − centre)·p ≤ |other|² − |centre|².
      const a: Point = [2 * (other[0] - centre[0]), 2 * (other[1] - centre[1])]
      const b = other[0] ** 2 + other[1] ** 2 - centre[0] ** 2 - centre[1] ** 2
      cell = clip(cell, a, b)
    })
    const ring = densify(cell, Math.max(1, Math.round(points / cell.length))).map(
      ([x, y]): Point => [x / LONGITUDE_SCALE, y],
    )
    return {
      type: 'Feature',
      properties: { name: COMMUNES[i]?.name },
      geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
    }
  })
  return { type: 'FeatureCollection', features }
}
