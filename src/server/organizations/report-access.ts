import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm'
import { CLAIM_MESSAGES } from '../../domain/organization-space'
import type { Db } from '../db/database'
import { reports } from '../db/schema'
import { AppError } from '../errors'
import type { CountedScope } from '../reports/read-models'

/** The reports of the categories an organisation handles. */
export function inCategoriesOf(organizationId: string): SQL {
  return sql`reports.category_id in (select co.categorie_id from categorie_organization co where co.organization_id = ${organizationId})`
}

/** Unassigned, public, and in the organisation's categories: what it may claim. */
export function availableTo(organizationId: string): SQL {
  return and(
    isNull(reports.assigned_organization_id),
    ne(reports.status, 'rejete'),
    inCategoriesOf(organizationId),
  ) as SQL
}

/** The same reports, described on the count tables' columns. */
export function availableScope(organizationId: string): CountedScope {
  return {
    counts: sql`not assigned and status <> 'rejete' and category_id in (select co.categorie_id from categorie_organization co where co.organization_id = ${organizationId})`,
    rows: availableTo(organizationId),
  }
}

export function managedBy(organizationId: string): SQL {
  return eq(reports.assigned_organization_id, organizationId)
}

/** A rejected report is frozen for organisations: no status change, no message. */
export const reportRejected = () => new AppError('conflict', { message: CLAIM_MESSAGES.rejected })

export function requireNotRejected(report: { status: string } | undefined) {
  if (!report || report.status === 'rejete') throw reportRejected()
}

/**
 * The one access check for an organisation acting on a report: it must manage it, and the report
 * must not have been rejected. A report it cannot see at all is "not found"; one it can see but
 * does not manage is refused.
 */
export async function requireManagedReport(db: Db, organizationId: string, reportId: string) {
  const [report] = await db.select().from(reports).where(eq(reports.id, reportId))
  if (report?.assigned_organization_id === organizationId) {
    requireNotRejected(report)
    return report
  }
  const visible =
    report &&
    (await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.id, reportId), availableTo(organizationId))))
  if (!report || !visible?.length) throw new AppError('not_found')
  throw new AppError('forbidden', { message: CLAIM_MESSAGES.notYours })
}
