import { asc, eq, inArray } from 'drizzle-orm'
import type { Area, AreaRef } from '../../domain/area'
import type { Db } from '../db/database'
import { areas, organizationAreas } from '../db/schema'
import { AppError } from '../errors'

export async function listAreas(db: Db): Promise<Area[]> {
  return db
    .select({ id: areas.id, name: areas.name, arrondissement: areas.arrondissement })
    .from(areas)
    .orderBy(asc(areas.id))
}

/** The communes an organisation covers, by name; none is the whole department. */
export async function zoneOf(db: Db, organizationId: string): Promise<AreaRef[]> {
  return db
    .select({ id: areas.id, name: areas.name })
    .from(organizationAreas)
    .innerJoin(areas, eq(areas.id, organizationAreas.area_id))
    .where(eq(organizationAreas.organization_id, organizationId))
    .orderBy(asc(areas.id))
}

/** 400 naming `field` unless every id is a commune's. */
export async function requireKnownAreas(db: Db, areaIds: number[], field = 'areaIds'): Promise<void> {
  if (areaIds.length === 0) return
  const known = await db.select({ id: areas.id }).from(areas).where(inArray(areas.id, areaIds))
  if (known.length !== areaIds.length) {
    throw new AppError('invalid_input', { reason: 'area.unknownArea', field })
  }
}

/** Replaces an organisation's zone (inside the caller's transaction). */
export async function setZone(tx: Db, organizationId: string, areaIds: number[]): Promise<void> {
  await tx.delete(organizationAreas).where(eq(organizationAreas.organization_id, organizationId))
  if (areaIds.length > 0) {
    await tx
      .insert(organizationAreas)
      .values(areaIds.map((area_id) => ({ organization_id: organizationId, area_id })))
  }
}
