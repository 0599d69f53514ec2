import { sql } from 'drizzle-orm'
import type { NearbyQuery, NearbyReport } from '../../domain/citizen'
import { NEARBY_MAX_REPORTS, NEARBY_RADIUS_M } from '../../domain/citizen-actions'
import { OPEN_REPORT_STATUSES } from '../../domain/report-states'
import { type Db, queryRows } from '../db/database'
import { toIso } from '../db/values'

const EARTH_RADIUS_M = 6_371_000
const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180

/** Great-circle distance in metres (haversine): exact enough at 100 m, and on any latitude. */
export function distanceMetres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * The open reports of one category within NEARBY_RADIUS_M of a place, closest first. The box
 * around the circle uses the GiST index on point(longitude, latitude); the exact distance sorts
 * out the corners. Only public fields: what the home page shows, plus the distance and the count.
 */
export async function nearbyOpenReports(
  db: Db,
  { categoryId, lat, lon }: NearbyQuery,
  deviceHash: string | null,
): Promise<NearbyReport[]> {
  const dLat = NEARBY_RADIUS_M / METRES_PER_DEGREE
  const dLon = NEARBY_RADIUS_M / (METRES_PER_DEGREE * Math.max(Math.cos((lat * Math.PI) / 180), 0.01))
  const rows = await queryRows<{
    id: string
    type: string
    description: string
    status: string
    address: string | null
    created_at: string | Date
    latitude: number
    longitude: number
    supporters_count: number
    is_reporter: boolean
    is_supporter: boolean
  }>(
    db,
    sql`
    select r.id, r.type, r.description, r.status, r.address, r.created_at, r.latitude, r.longitude,
      r.supporters_count,
      coalesce(r.reporter_hash = ${deviceHash}, false) as is_reporter,
      exists (select 1 from report_supports s where s.report_id = r.id and s.reporter_hash = ${deviceHash}) as is_supporter
    from reports r
    where point(r.longitude, r.latitude) <@ box(point(${lon - dLon}, ${lat - dLat}), point(${lon + dLon}, ${lat + dLat}))
      and r.category_id = ${categoryId}
      and r.status in (${sql.join(
        OPEN_REPORT_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
    order by r.created_at desc
    limit 200`,
  )
  return rows
    .map((row) => ({
      row,
      distance: distanceMetres({ lat, lon }, { lat: row.latitude, lon: row.longitude }),
    }))
    .filter(({ distance }) => distance <= NEARBY_RADIUS_M)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, NEARBY_MAX_REPORTS)
    .map(({ row, distance }) => ({
      id: row.id,
      type: row.type,
      description: row.description,
      status: row.status,
      address: row.address,
      created_at: toIso(row.created_at),
      distance_m: Math.round(distance),
      supporters_count: Number(row.supporters_count),
      this_device: row.is_reporter ? 'reporter' : row.is_supporter ? 'supporter' : null,
    }))
}
