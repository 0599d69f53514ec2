// The sets of reports the rules of DESIGN.md section 7 speak of, each written once: the row
// queries, the count tables (read-models.ts) and the partial indexes (db/schema.ts) all read them.
import { and, eq, inArray, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
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

/**
 * Whether `area` is in an organisation's zone (the organisation by its id, or a column of one):
 * the communes it chose, or any place at all when it chose none (the whole department, and beyond:
 * today's organisations).
 */
export function inZoneOf(organizationId: string | SQLWrapper, area: SQL): SQL {
  return sql`(not exists (select 1 from organization_areas oa where oa.organization_id = ${organizationId})
    or ${area} in (select oa.area_id from organization_areas oa where oa.organization_id = ${organizationId}))`
}

/** The reports an organisation covers: of its categories, in its zone. */
export function coveredBy(organizationId: string): SQL {
  return sql`reports.category_id in ${categoriesHandledBy(organizationId)} and ${inZoneOf(organizationId, sql`reports.area_id`)}`
}

/** An organisation's categories and communes, by their ids (none: the whole department). */
export interface Coverage {
  categoryIds: number[]
  areaIds: number[]
}

/**
 * The reports of a coverage, by its ids rather than subqueries: the search indexes
 * (reports_available_search_idx) look categories and communes up only as values.
 */
export function inCoverage({ categoryIds, areaIds }: Coverage): SQL {
  if (categoryIds.length === 0) return sql`false`
  return and(
    inArray(reports.category_id, categoryIds),
    areaIds.length ? inArray(reports.area_id, areaIds) : undefined,
  ) as SQL
}

/** Unassigned and public reports, in the coverage `covered` selects. */
export function availableIn(covered: SQL): SQL {
  return and(isNull(reports.assigned_organization_id), publicReports.rows, covered) as SQL
}

/** Unassigned, public, of the organisation's categories and in its zone: what it may claim. */
export function availableTo(organizationId: string): SQL {
  return availableIn(coveredBy(organizationId))
}

/**
 * The same reports by the coverage's ids, on the count tables too. The counts per day have no
 * commune: they serve (`byDay`) only an organisation covering the whole department.
 */
export function availableWithin(coverage: Coverage): CountedScope & { rows: SQL; byDay: boolean } {
  const { categoryIds, areaIds } = coverage
  const categoriesCounted = categoryIds.length ? sql`category_id in ${categoryIds}` : sql`false`
  return {
    counts: sql`not assigned and ${publicStatus} and ${categoriesCounted}${areaIds.length ? sql` and area_id in ${areaIds}` : sql``}`,
    rows: availableIn(inCoverage(coverage)),
    byDay: areaIds.length === 0,
  }
}

/** The reports an organisation manages, whatever their status. */
export function managedBy(organizationId: string): SQL {
  return eq(reports.assigned_organization_id, organizationId)
}

/**
 * The reports an organisation may see at all: those it may claim and its own, whatever their
 * status. Every organisation read of one report goes through it (its detail, the answer to a
 * claim or a change, a replayed action's answer): any other report is "not found".
 */
export function visibleTo(organizationId: string): SQL {
  return or(availableTo(organizationId), managedBy(organizationId)) as SQL
}
