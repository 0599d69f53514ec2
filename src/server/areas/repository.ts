import { asc, eq, inArray } from 'drizzle-orm'
import type { Area, AreaRef } from '../../domain/area'
import type { ZoneChangeDecision } from '../../domain/organization-rules'
import type { Db } from '../db/database'
import { areas, organizationAreas, organizationPendingAreas, organizations } from '../db/schema'
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

/**
 * The zone an approved organisation asked for (issue 47), until an administrator decides: its
 * communes by name, none for the whole department; null when it asked for none.
 */
export async function pendingZoneOf(
  db: Db,
  organization: { id: string; pending_zone_at: string | null },
): Promise<AreaRef[] | null> {
  if (organization.pending_zone_at === null) return null
  return db
    .select({ id: areas.id, name: areas.name })
    .from(organizationPendingAreas)
    .innerJoin(areas, eq(areas.id, organizationPendingAreas.area_id))
    .where(eq(organizationPendingAreas.organization_id, organization.id))
    .orderBy(asc(areas.id))
}

/**
 * Keeps the zone an organisation asks for apart from its zone, or drops its request (`null`),
 * inside the caller's transaction.
 */
export async function setPendingZone(
  tx: Db,
  organizationId: string,
  areaIds: number[] | null,
  now: Date,
): Promise<void> {
  await tx
    .delete(organizationPendingAreas)
    .where(eq(organizationPendingAreas.organization_id, organizationId))
  if (areaIds && areaIds.length > 0) {
    await tx
      .insert(organizationPendingAreas)
      .values(areaIds.map((area_id) => ({ organization_id: organizationId, area_id })))
  }
  await tx
    .update(organizations)
    .set({ pending_zone_at: areaIds ? now.toISOString() : null })
    .where(eq(organizations.id, organizationId))
}

/**
 * An administrator's decision on the zone an organisation asked for, inside the caller's
 * transaction (which has locked the organisation's row): its zone from now on, or dropped; 409
 * when it asked for none.
 */
export async function decideZoneChange(
  tx: Db,
  organizationId: string,
  decision: ZoneChangeDecision,
  now: Date,
): Promise<void> {
  const [organization] = await tx
    .select({ id: organizations.id, pending_zone_at: organizations.pending_zone_at })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  const asked = organization ? await pendingZoneOf(tx, organization) : null
  if (!asked) throw new AppError('conflict', { reason: 'zoneChange.noRequest' })
  if (decision === 'approve') {
    await setZone(
      tx,
      organizationId,
      asked.map((area) => area.id),
    )
  }
  await setPendingZone(tx, organizationId, null, now)
}
