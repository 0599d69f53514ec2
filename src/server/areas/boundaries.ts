// The limits of the communes an administrator imports (PUT /api/admin/areas), and the recount of
// every report's commune that follows, in batches in the background, on any instance.
import { asc, isNotNull, sql } from 'drizzle-orm'
import {
  type BoundaryFileRead,
  type CommuneBoundary,
  communeBoundarySteps,
  type Position,
} from '../../domain/area-boundaries'
import { createBackgroundRounds } from '../background-rounds'
import { type Db, queryRows } from '../db/database'
import { areaRecount, areaRings, areas } from '../db/schema'

/** A ring as PostgreSQL's polygon reads it: ((x1,y1),…), x the longitude. */
const outlineOf = (ring: Position[]) => `(${ring.map(([lon, lat]) => `(${lon},${lat})`).join(',')})`

/** Its bounding box: (upper right),(lower left). A loop: Math.max(...ring) overflows the stack. */
function boundsOf(ring: Position[]): string {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const [lon, lat] of ring) {
    west = Math.min(west, lon)
    east = Math.max(east, lon)
    south = Math.min(south, lat)
    north = Math.max(north, lat)
  }
  return `((${east},${north}),(${west},${south}))`
}

/** Rings written per statement, well within PostgreSQL's 65,535 parameters (5 a ring). */
const RINGS_PER_INSERT = 1000

/**
 * An administrator's file read and checked (`communeBoundarySteps`), with a pause after each
 * slice of the check: PGlite and every request share this process's event loop, which answers
 * them between two slices instead of after the whole check.
 */
export async function checkBoundaryFile(input: unknown): Promise<BoundaryFileRead> {
  const steps = communeBoundarySteps(input)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/**
 * The limits become the communes' (the ones left out go back to their centre's approximation),
 * and the recount of every report's commune is asked for, in one transaction.
 */
export async function importBoundaries(db: Db, boundaries: CommuneBoundary[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(areaRings)
    await tx.update(areas).set({ boundary: null, boundary_imported_at: null })
    for (const { areaId, polygons } of boundaries) {
      await tx
        .update(areas)
        .set({
          boundary: { type: 'MultiPolygon', coordinates: polygons },
          boundary_imported_at: now.toISOString(),
        })
        .where(sql`${areas.id} = ${areaId}`)
      const rows = polygons.flatMap((rings, polygon) =>
        rings.map((ring, index) => ({
          area_id: areaId,
          polygon,
          ring: index,
          outline: outlineOf(ring),
          bounds: boundsOf(ring),
        })),
      )
      for (let first = 0; first < rows.length; first += RINGS_PER_INSERT) {
        await tx.insert(areaRings).values(rows.slice(first, first + RINGS_PER_INSERT))
      }
    }
    await tx
      .insert(areaRecount)
      .values({ id: 1, after_id: null, requested_at: now.toISOString() })
      .onConflictDoUpdate({
        target: areaRecount.id,
        set: { after_id: null, requested_at: now.toISOString() },
      })
  })
}

/** The communes as the back-office's "Zones" screen shows them: centre, radius, limits if any. */
export async function adminAreas(db: Db) {
  const [rows, recounting] = await Promise.all([
    db.select().from(areas).orderBy(asc(areas.id)),
    db.select({ id: areaRecount.id }).from(areaRecount),
  ])
  return {
    items: rows.map((row) => ({
      ...row,
      boundary_imported_at: row.boundary_imported_at
        ? new Date(row.boundary_imported_at).toISOString()
        : null,
    })),
    recounting: recounting.length > 0,
  }
}

/** Whether any commune has imported limits (OpenStreetMap's, to attribute). */
export async function boundariesImported(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(isNotNull(areas.boundary_imported_at))
    .limit(1)
  return Boolean(row)
}

/** Reports recounted per transaction: a few seconds each at most, whatever the table's size. */
const RECOUNT_BATCH = 20_000

/**
 * One batch of the recount, if one is asked for and no other instance holds it: the next reports
 * by id get their commune again (only the changed ones are written, so that the read models'
 * trigger sees few rows), and the place reached is kept, or the recount ends. `idle` when there is
 * nothing to do here.
 */
export async function recountBatch(db: Db, batch = RECOUNT_BATCH): Promise<'more' | 'finished' | 'idle'> {
  return db.transaction(async (tx) => {
    const [pending] = await queryRows<{ after_id: string | null }>(
      tx,
      sql`select after_id from area_recount where id = 1 for update skip locked`,
    )
    if (!pending) return 'idle'
    const [done] = await queryRows<{ last_id: string | null; n: number }>(
      tx,
      sql`with batch as (
          select id, area_id, area_at(latitude, longitude) as found from reports
          where ${pending.after_id ? sql`id > ${pending.after_id}::uuid` : sql`true`}
          order by id limit ${batch}
        ),
        changed as (
          update reports r set area_id = b.found from batch b
          where r.id = b.id and b.found is distinct from b.area_id
            -- A report by SMS is in the commune the citizen named, whatever the limits say of its centre.
            and r.location_precision = 'point'
          returning 1
        )
        select (select id from batch order by id desc limit 1) as last_id, (select count(*)::int from batch) as n,
          (select count(*) from changed) as changed`,
    )
    if (!done || done.n < batch) {
      await tx.execute(sql`delete from area_recount where id = 1`)
      return 'finished'
    }
    await tx.execute(sql`update area_recount set after_id = ${done.last_id}::uuid where id = 1`)
    return 'more'
  })
}

/**
 * The recount's rounds: woken by an import, and every few seconds otherwise, so that a recount
 * another instance left (stopped mid-way) goes on. `onFinished` when this instance ends one (the
 * reports' communes changed: every instance's cached reads are stale).
 */
export function createAreaRecount(deps: {
  db: Db
  onFinished: () => Promise<void>
  onError: (error: unknown) => void
}) {
  const runUntilDone = async () => {
    for (;;) {
      const step = await recountBatch(deps.db)
      if (step === 'finished') await deps.onFinished()
      if (step !== 'more') return
    }
  }
  const rounds = createBackgroundRounds({ pollMs: 30_000, round: runUntilDone, onError: deps.onError })
  return { ...rounds, runUntilDone }
}

export type AreaRecount = ReturnType<typeof createAreaRecount>
