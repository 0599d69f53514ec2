import { type SQL, sql } from 'drizzle-orm'
import { MAP_CLUSTER_GRID, MAP_MAX_POINTS, type MapCluster, type MapReports } from '../../domain/map'
import type { LocationPrecision } from '../../domain/report-filing-rules'
import { type Db, queryRows } from '../db/database'
import { toIso } from '../db/values'
import { publicStatus } from './scopes'

type Bbox = [minLon: number, minLat: number, maxLon: number, maxLat: number]

/**
 * The levels of report_map_cells, kept by the triggers of migration 0002_read_models (the same
 * numbers are written there): cell side 360 / 2^z degrees, from 1.4° (a region) to 0.00017°
 * (about 19 m).
 */
export const MAP_CELL_MIN_ZOOM = 8
export const MAP_CELL_MAX_ZOOM = 21
/**
 * Up to this many reports in view, clusters are made from the reports themselves (exact, a
 * few milliseconds through the GiST index); beyond, from the cells.
 */
export const MAP_EXACT_GROUPING_LIMIT = 5000

/** The reports of the box, among those of the map's scope (the public ones: never rejected). */
const inBox = ([minLon, minLat, maxLon, maxLat]: Bbox, scope: SQL) =>
  sql`point(longitude, latitude) <@ box(point(${minLon}, ${minLat}), point(${maxLon}, ${maxLat})) and ${scope}`

/**
 * The public reports inside a box: one by one while they are few, otherwise grouped on a grid
 * of MAP_CLUSTER_GRID cells a side, so that the answer stays small whatever the number of
 * reports. A large view never reads the reports: it adds up the cells of report_map_cells at
 * least twice finer than the grid (a few thousand rows at most), each cell counted in the
 * group where the mean position of its reports falls.
 */
export async function reportsInBox(db: Db, bbox: Bbox): Promise<MapReports> {
  const { cellLon, cellLat } = gridOf(bbox)
  const fromCells = await clustersFromCells(db, bbox, cellLon, cellLat)
  const inView = fromCells.reduce((sum, cluster) => sum + cluster.count, 0)
  if (inView > MAP_EXACT_GROUPING_LIMIT) return { points: [], clusters: fromCells }
  // The cells tell roughly how many reports are in view (a cell across the edge counts whole):
  // above the points' limit, the grouping comes first, and the points only when it counts few.
  if (inView > MAP_MAX_POINTS) {
    const clusters = await clustersOfReports(db, bbox, publicStatus, cellLon, cellLat)
    if (clusters.reduce((sum, cluster) => sum + cluster.count, 0) > MAP_MAX_POINTS)
      return { points: [], clusters }
  }
  return pointsOrGroups(db, bbox, publicStatus)
}

/**
 * The reports of a narrower scope inside a box (an organisation's available or managed reports,
 * with its search): the count tables are the public map's, so the reports themselves are read,
 * one by one while they are few, grouped on the same grid beyond.
 */
export function scopedReportsInBox(db: Db, bbox: Bbox, scope: SQL): Promise<MapReports> {
  return pointsOrGroups(db, bbox, scope)
}

function gridOf([minLon, minLat, maxLon, maxLat]: Bbox) {
  return {
    cellLon: Math.max((maxLon - minLon) / MAP_CLUSTER_GRID, 1e-9),
    cellLat: Math.max((maxLat - minLat) / MAP_CLUSTER_GRID, 1e-9),
  }
}

async function pointsOrGroups(db: Db, bbox: Bbox, scope: SQL): Promise<MapReports> {
  const rows = await queryRows<{
    id: string
    type: string
    status: string
    created_at: string | Date
    latitude: number
    longitude: number
    location_precision: LocationPrecision
  }>(
    db,
    sql`select id, type, status, created_at, latitude, longitude, location_precision from reports where ${inBox(bbox, scope)}
      order by created_at desc limit ${MAP_MAX_POINTS + 1}`,
  )
  if (rows.length <= MAP_MAX_POINTS) {
    return {
      points: rows.map((row) => ({ ...row, created_at: toIso(String(row.created_at)) })),
      clusters: [],
    }
  }
  const { cellLon, cellLat } = gridOf(bbox)
  return { points: [], clusters: await clustersOfReports(db, bbox, scope, cellLon, cellLat) }
}

/** The reports in the box grouped on the grid, exactly (through the spatial index). */
async function clustersOfReports(
  db: Db,
  bbox: Bbox,
  scope: SQL,
  cellLon: number,
  cellLat: number,
): Promise<MapCluster[]> {
  const [minLon, minLat] = bbox
  const grouped = await queryRows<{ latitude: number; longitude: number; count: number }>(
    db,
    sql`
    select avg(latitude)::float8 as latitude, avg(longitude)::float8 as longitude, count(*)::int as count
    from reports where ${inBox(bbox, scope)}
    group by floor((longitude - ${minLon}) / ${cellLon}), floor((latitude - ${minLat}) / ${cellLat})`,
  )
  return grouped.map(toCluster)
}

async function clustersFromCells(
  db: Db,
  [minLon, minLat, maxLon, maxLat]: Bbox,
  cellLon: number,
  cellLat: number,
): Promise<MapCluster[]> {
  // The coarsest level whose cells are at most half a group's side.
  const wanted = Math.ceil(Math.log2((2 * 360) / Math.min(cellLon, cellLat)))
  const z = Math.min(MAP_CELL_MAX_ZOOM, Math.max(MAP_CELL_MIN_ZOOM, wanted))
  const side = 360 / 2 ** z
  const rows = await queryRows<{ latitude: number; longitude: number; count: number }>(
    db,
    sql`
    select (sum(lat_sum) / sum(n))::float8 as latitude, (sum(lon_sum) / sum(n))::float8 as longitude,
      sum(n)::int as count
    from report_map_cells
    where z = ${z}
      and x between ${Math.floor((minLon + 180) / side)} and ${Math.floor((maxLon + 180) / side)}
      and y between ${Math.floor((minLat + 90) / side)} and ${Math.floor((maxLat + 90) / side)}
      and n > 0
      and lon_sum / n between ${minLon}::float8 and ${maxLon}::float8
      and lat_sum / n between ${minLat}::float8 and ${maxLat}::float8
    group by floor((lon_sum / n - ${minLon}::float8) / ${cellLon}::float8),
      floor((lat_sum / n - ${minLat}::float8) / ${cellLat}::float8)`,
  )
  return rows.map(toCluster)
}

function toCluster(row: { latitude: number; longitude: number; count: number }): MapCluster {
  return { latitude: Number(row.latitude), longitude: Number(row.longitude), count: Number(row.count) }
}
