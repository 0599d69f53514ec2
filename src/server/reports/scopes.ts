// The sets of reports the rules of DESIGN.md section 7 speak of, each written once: the row
// queries, the count tables (read-models.ts) and the partial indexes (db/schema.ts) all read them.
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { statusesOfKind } from '../../domain/report-states'
import { reports } from '../db/schema'
import { isNoneOf } from '../db/values'
import type { CountedScope } from './read-models'

const HIDDEN_STATUSES = statusesOfKind('hidden')

/** Reports anyone may see: all but the rejected ones (spam, abuse), on a table with a `status`. */
export const publicStatus: SQL = isNoneOf(sql`status`, HIDDEN_STATUSES)

/** The public reports: home page, map, Open311, counts. */
export const publicReports: CountedScope = {
  counts: publicStatus,
  rows: isNoneOf(reports.status, HIDDEN_STATUSES),
}

/** The categories an organisation handles, as a subquery (for the rows and the count tables alike). */
function categoriesHandledBy(organizationId: string): SQL {
  return sql`(select co.categorie_id from categorie_organization co where co.organization_id = ${organizationId})`
}

/** The reports of the categories an organisation handles. */
export function inCategoriesOf(organizationId: string): SQL {
  return sql`reports.category_id in ${categoriesHandledBy(organizationId)}`
}

/**
 * The reports of these categories, by their ids rather than a subquery: the search indexes
 * (reports_available_search_idx) look categories up only as values.
 */
export function inCategories(categoryIds: number[]): SQL {
  return categoryIds.length ? inArray(reports.category_id, categoryIds) : sql`false`
}

/** Unassigned and public reports, in the categories `inTheirCategories` selects. */
export function availableIn(inTheirCategories: SQL): SQL {
  return and(isNull(reports.assigned_organization_id), publicReports.rows, inTheirCategories) as SQL
}

/** Unassigned, public, and in the organisation's categories: what it may claim. */
export function availableTo(organizationId: string): CountedScope & { rows: SQL } {
  return {
    counts: sql`not assigned and ${publicStatus} and category_id in ${categoriesHandledBy(organizationId)}`,
    rows: availableIn(inCategoriesOf(organizationId)),
  }
}

/** The reports an organisation manages, whatever their status. */
export function managedBy(organizationId: string): SQL {
  return eq(reports.assigned_organization_id, organizationId)
}
