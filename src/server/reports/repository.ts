import { and, desc, eq } from 'drizzle-orm'
import type { PublicReport } from '../../domain/citizen'
import { HOME_RECENT_REPORTS } from '../../domain/constants'
import type { RecentReport } from '../../domain/report'
import { publicHistoryOf } from '../citizens/repository'
import type { Db } from '../db/database'
import { organizations, reports } from '../db/schema'
import { toIso } from '../db/values'
import { countInScope } from './read-models'
import { resolutionOf } from './resolution-photos'
import { publicReports } from './scopes'

export async function recentReports(db: Db): Promise<RecentReport[]> {
  const rows = await db
    .select({
      id: reports.id,
      type: reports.type,
      description: reports.description,
      status: reports.status,
      created_at: reports.created_at,
      address: reports.address,
      department: reports.department,
    })
    .from(reports)
    .where(publicReports.rows)
    .orderBy(desc(reports.created_at), desc(reports.id))
    .limit(HOME_RECENT_REPORTS)
  return rows.map((row) => ({ ...row, created_at: toIso(row.created_at) }))
}

/** From the count tables: the home page never counts a million rows. */
export function countPublicReports(db: Db): Promise<number> {
  return countInScope(db, publicReports)
}

/**
 * One public report, for its page (GET /api/reports/:id): its public fields, the organisation
 * that handles it and its public history; undefined when there is none with this id or it was
 * rejected (hidden from the public). Never the code, the media, the messages or the device.
 */
export async function publicReport(db: Db, id: string): Promise<PublicReport | undefined> {
  const [row] = await db
    .select({
      id: reports.id,
      type: reports.type,
      description: reports.description,
      status: reports.status,
      address: reports.address,
      department: reports.department,
      latitude: reports.latitude,
      longitude: reports.longitude,
      location_precision: reports.location_precision,
      created_at: reports.created_at,
      updated_at: reports.updated_at,
      claimed_at: reports.claimed_at,
      resolved_at: reports.resolved_at,
      organization_name: organizations.name,
      resolution_photo_url: reports.resolution_photo_url,
      resolution_photo_thumb_url: reports.resolution_photo_thumb_url,
      resolution_note: reports.resolution_note,
      resolution_photo_at: reports.resolution_photo_at,
    })
    .from(reports)
    .leftJoin(organizations, eq(organizations.id, reports.assigned_organization_id))
    .where(and(eq(reports.id, id), publicReports.rows))
  if (!row) return undefined
  const {
    resolution_photo_url,
    resolution_photo_thumb_url,
    resolution_note,
    resolution_photo_at,
    ...fields
  } = row
  return {
    ...fields,
    resolution: resolutionOf(row),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    claimed_at: row.claimed_at ? toIso(row.claimed_at) : null,
    resolved_at: row.resolved_at ? toIso(row.resolved_at) : null,
    history: await publicHistoryOf(db, row.id),
  }
}
