import { eq } from 'drizzle-orm'
import type { EventType } from '../../domain/events'
import type { Db } from '../db/database'
import { reportFollows, reports } from '../db/schema'
import type { BusEvent } from './event-bus'

/** A report event with everything subscribers are filtered on. */
export async function reportEvent(
  db: Db,
  type: EventType,
  reportId: string,
  previousOrganizationId: string | null = null,
): Promise<BusEvent> {
  const [report] = await db
    .select({
      categoryId: reports.category_id,
      organizationId: reports.assigned_organization_id,
      reporterHash: reports.reporter_hash,
    })
    .from(reports)
    .where(eq(reports.id, reportId))
  const followers = await db
    .select({ hash: reportFollows.reporter_hash })
    .from(reportFollows)
    .where(eq(reportFollows.report_id, reportId))
  const deviceHashes = [report?.reporterHash, ...followers.map((f) => f.hash)].filter((h): h is string =>
    Boolean(h),
  )
  return {
    type,
    reportId,
    categoryId: report?.categoryId,
    organizationId: report?.organizationId ?? undefined,
    previousOrganizationId,
    deviceHashes,
    reporterHash: report?.reporterHash ?? undefined,
  }
}
