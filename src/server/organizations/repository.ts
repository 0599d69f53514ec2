import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import { ORGANIZATION_PAGE_SIZE } from '../../domain/constants'
import type { OrganizationProfile, OwnOrganization } from '../../domain/organization'
import type { AssigneeFilter } from '../../domain/organization-space'
import {
  type OrganizationReport,
  type OrganizationStats,
  resolutionRate,
} from '../../domain/organization-space'
import type { OverdueKind } from '../../domain/overdue'
import type { Page, PageCursor } from '../../domain/pagination'
import type { ReportChannel } from '../../domain/report-filing-rules'
import { CLAIMED_STATUS, FILED_STATUS, RESOLVED_STATUS } from '../../domain/report-states'
import { pendingZoneOf, zoneOf } from '../areas/repository'
import { currentMemberOf, type MemberPrincipal } from '../auth/principals'
import type { ReadCache } from '../cache/read-cache'
import { type Db, queryRows } from '../db/database'
import {
  categories,
  categoryOrganizations,
  notifications,
  organizationMembers,
  organizations,
  reports,
} from '../db/schema'
import { toIso } from '../db/values'
import { AppError } from '../errors'
import { withoutRejectedMedia } from '../files/media-access'
import { scopedReportsInBox } from '../reports/map-repository'
import { countOverdue, deadlinesAt, overdueAt, overdueDayCounts, overdueRows } from '../reports/overdue'
import { type PageRead, readPage } from '../reports/paging'
import { availableDayCounts, countInScope, type DayCount, dayCountsInScope } from '../reports/read-models'
import { resolutionOf } from '../reports/resolution-photos'
import { availableTo, availableWithin, type Coverage, managedBy, visibleTo } from '../reports/scopes'
import { readSearchPage, textMatches, textSearch } from '../reports/search'

// Written out with table names: drizzle leaves columns unqualified inside a select list.
export const notificationsCount = sql<number>`(select count(*)::int from notifications n where n.report_id = reports.id)`
const assigneeName = sql<
  string | null
>`(select m.name from organization_members m where m.id = reports.assignee_id)`
const areaName = sql<string | null>`(select a.name from areas a where a.id = reports.area_id)`

/** The columns of a report as an organisation's (and an administrator's) lists read it at `now`. */
export function reportItemColumnsAt(now: Date) {
  return {
    ...getTableColumns(reports),
    notifications_count: notificationsCount,
    assignee_name: assigneeName,
    area_name: areaName,
    overdue: overdueAt(now),
  }
}

type ReportRow = typeof reports.$inferSelect & {
  notifications_count: number
  assignee_name: string | null
  area_name: string | null
  overdue: OverdueKind | null
}

/** A report as the lists show it, its files included (what an organisation sees: `forOrganization`). */
export function toReportItem(row: ReportRow): OrganizationReport {
  return {
    id: row.id,
    anonymous_code: row.anonymous_code,
    type: row.type,
    description: row.description,
    status: row.status,
    priority: row.priority,
    address: row.address,
    department: row.department,
    latitude: row.latitude,
    longitude: row.longitude,
    photo_url: row.photo_url,
    photo_thumb_url: row.photo_thumb_url,
    audio_url: row.audio_url,
    resolution: resolutionOf(row),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    assigned_organization_id: row.assigned_organization_id,
    claimed_at: row.claimed_at ? toIso(row.claimed_at) : null,
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null,
    area: row.area_id ? { id: row.area_id, name: row.area_name ?? '' } : null,
    supporters_count: row.supporters_count,
    notifications_count: Number(row.notifications_count),
    overdue: row.overdue,
    channel: row.channel as ReportChannel,
    location_precision: row.location_precision,
  }
}

/** An organisation never gets the files of a rejected report (they are the administrators' alone). */
const forOrganization = (row: ReportRow) => withoutRejectedMedia(toReportItem(row))

type ListOrder = (reverse: boolean) => SQL[]

const newestFirst: ListOrder = (reverse) =>
  reverse ? [asc(reports.created_at), asc(reports.id)] : [desc(reports.created_at), desc(reports.id)]

const newestClaimFirst: ListOrder = (reverse) =>
  reverse
    ? [sql`${reports.claimed_at} asc nulls first`, asc(reports.id)]
    : [sql`${reports.claimed_at} desc nulls last`, desc(reports.id)]

/** The rows of a page's ids (a list, or the query that picks them), in their order, read at `now`. */
async function reportsOf(
  db: Db,
  now: Date,
  ids: string[] | SQLWrapper,
  order: SQL[],
): Promise<OrganizationReport[]> {
  if (Array.isArray(ids) && ids.length === 0) return []
  const rows = await db
    .select(reportItemColumnsAt(now))
    .from(reports)
    .where(inArray(reports.id, ids))
    .orderBy(...order)
  return rows.map(forOrganization)
}

function pageOfReports(
  db: Db,
  now: Date,
  list: {
    where: SQL | undefined
    order: ListOrder
    total: () => Promise<number>
    /** For lists in filing order: how many of their reports were filed each day. */
    days?: () => Promise<DayCount[]>
  },
  page: number,
): Promise<Page<OrganizationReport>> {
  const { days } = list
  return readPage(
    {
      total: list.total,
      rows: ({ offset, limit, reverse, before }: PageRead) => {
        const order = list.order(reverse)
        // The page's ids through the index that serves the order, then their rows: one query.
        const pageIds = db
          .select({ id: reports.id })
          .from(reports)
          .where(and(list.where, before ? lt(reports.created_at, before) : undefined))
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
        return reportsOf(db, now, pageIds, order)
      },
      ...(days ? { days } : {}),
    },
    page,
    ORGANIZATION_PAGE_SIZE,
  )
}

const countRows = async (db: Db, where: SQL | undefined) =>
  (await db.select({ n: count() }).from(reports).where(where))[0]?.n ?? 0

/** The ids of the categories an organisation handles and of the communes it covers, in one query. */
async function coverageOf(db: Db, organizationId: string): Promise<Coverage> {
  const [row] = await queryRows<{ category_ids: number[]; area_ids: number[] }>(
    db,
    // JSON, which both drivers read as arrays (PGlite may give an int[] back as its literal).
    sql`select
      (select coalesce(json_agg(co.categorie_id), '[]') from categorie_organization co where co.organization_id = ${organizationId}) as category_ids,
      (select coalesce(json_agg(oa.area_id), '[]') from organization_areas oa where oa.organization_id = ${organizationId}) as area_ids`,
  )
  return { categoryIds: row?.category_ids ?? [], areaIds: row?.area_ids ?? [] }
}

/** The filters of its available reports' list: a search, and the late ones only (issue 30). */
interface AvailableFilters {
  q?: string
  overdue?: boolean
}

/**
 * Unassigned reports of its categories, in its zone. Without a search, the total comes from the count tables
 * (the late ones' too: overdue.ts). A search looks its words up within the organisation's categories and
 * communes (their ids, which the search index holds beside the words), counts up to SEARCH_COUNT_LIMIT, kept
 * by the read cache until a report changes, and pages on by cursor.
 */
export async function availableReports(
  db: Db,
  cache: ReadCache,
  now: Date,
  organizationId: string,
  filters: AvailableFilters,
  page: number,
  cursor: PageCursor = {},
): Promise<Page<OrganizationReport>> {
  const coverage = await coverageOf(db, organizationId)
  const scope = availableWithin(coverage)
  // Unassigned: the late ones are those to claim.
  const deadlines = filters.overdue ? await deadlinesAt(db, now) : null
  const late = deadlines ? overdueRows(deadlines, ['claim']) : undefined
  const search = await textSearch(db, filters.q)
  const matches = textMatches(search)
  if (!search || !matches) {
    // A town hall's own communes: their days from report_available_days (its late ones, a share
    // of the list, page from the closer end).
    const byDay = scope.byDay
      ? {
          days: deadlines
            ? () => overdueDayCounts(db, scope, deadlines, ['claim'])
            : () => dayCountsInScope(db, scope),
        }
      : deadlines
        ? {}
        : { days: () => availableDayCounts(db, coverage) }
    return pageOfReports(
      db,
      now,
      {
        where: and(scope.rows, late),
        order: newestFirst,
        total: deadlines
          ? () => countOverdue(db, scope, deadlines, ['claim'])
          : () => countInScope(db, scope),
        ...byDay,
      },
      page,
    )
  }
  const where = and(scope.rows, matches, late) as SQL
  return readSearchPage(
    db,
    {
      where,
      order: 'newest',
      search,
      indexScanned: scope.rows,
      // A town hall's communes are a tenth of the available reports' index: never index-scanned to count.
      mayCountByIndexScan: scope.byDay,
      keptCount: (count) =>
        cache.get(
          `available-total:${JSON.stringify([organizationId, filters.q, Boolean(filters.overdue)])}`,
          count,
        ),
      rowsOf: (tx, ids) => reportsOf(tx, now, ids, newestFirst(false)),
    },
    page,
    ORGANIZATION_PAGE_SIZE,
    cursor,
  )
}

/**
 * The filters of its own reports' list and map: a status ("all" or none: every one), a search,
 * and whose they are (`me`: the member asking, `askedBy`; `none`; a member's id).
 */
interface ManagedFilters {
  q?: string
  status?: string
  assignee?: AssigneeFilter
  askedBy?: string
  /** Where the phone is: the nearest report first ("Ma tournée"). */
  near?: { lat: number; lon: number }
  /** The late ones only (issue 30), at this moment. */
  lateAt?: Date
}

/** Nearest first, from a place (degrees: at Dakar's latitude, as good as metres for an order). */
const nearestFirst =
  ({ lat, lon }: { lat: number; lon: number }): ListOrder =>
  (reverse) => {
    const distance = sql`point(${reports.longitude}, ${reports.latitude}) <-> point(${lon}, ${lat})`
    return reverse ? [sql`${distance} desc`, desc(reports.id)] : [sql`${distance} asc`, asc(reports.id)]
  }

function assignedTo(filters: ManagedFilters): SQL | undefined {
  if (!filters.assignee) return undefined
  if (filters.assignee === 'none') return isNull(reports.assignee_id)
  return eq(reports.assignee_id, filters.assignee === 'me' ? (filters.askedBy ?? '') : filters.assignee)
}

/** Its own reports that the list's or the map's filters keep. */
async function managedMatching(db: Db, organizationId: string, filters: ManagedFilters) {
  const status = filters.status && filters.status !== 'all' ? eq(reports.status, filters.status) : undefined
  const matches = textMatches(await textSearch(db, filters.q))
  // Its own reports are claimed: the late ones are those to resolve.
  const late = filters.lateAt ? overdueRows(await deadlinesAt(db, filters.lateAt), ['resolve']) : undefined
  return and(managedBy(organizationId), status, assignedTo(filters), matches, late) as SQL
}

/** Its own reports: an index range of a few thousand rows at most, counted as they are. */
export async function managedReports(
  db: Db,
  now: Date,
  organizationId: string,
  filters: ManagedFilters,
  page: number,
) {
  const where = await managedMatching(db, organizationId, filters)
  const order = filters.near ? nearestFirst(filters.near) : newestClaimFirst
  return pageOfReports(db, now, { where, order, total: () => countRows(db, where) }, page)
}

type Bbox = [number, number, number, number]

/** Its available reports inside the map's box, with the list's search and its late ones only. */
export async function availableReportsInBox(
  db: Db,
  organizationId: string,
  filters: { q?: string; lateAt?: Date },
  bbox: Bbox,
) {
  const matches = textMatches(await textSearch(db, filters.q))
  // Unassigned: the late ones are those to claim.
  const late = filters.lateAt ? overdueRows(await deadlinesAt(db, filters.lateAt), ['claim']) : undefined
  return scopedReportsInBox(db, bbox, and(availableTo(organizationId), matches, late) as SQL)
}

/** Its own reports inside the map's box, with the list's filters. */
export async function managedReportsInBox(
  db: Db,
  organizationId: string,
  filters: ManagedFilters,
  bbox: Bbox,
) {
  return scopedReportsInBox(db, bbox, await managedMatching(db, organizationId, filters))
}

/**
 * One report the organisation may see (available to it, or its own), or 404: the one read of a
 * report by every organisation route, its detail as well as the answer to a claim or a change.
 */
export async function visibleReport(
  db: Db,
  now: Date,
  organizationId: string,
  reportId: string,
): Promise<OrganizationReport> {
  const [row] = await db
    .select(reportItemColumnsAt(now))
    .from(reports)
    .where(and(eq(reports.id, reportId), visibleTo(organizationId)))
  if (!row) throw new AppError('not_found')
  return forOrganization(row)
}

export async function sentNotifications(db: Db, organizationId: string) {
  const rows = await db
    .select({
      id: notifications.id,
      report_id: notifications.report_id,
      report_type: reports.type,
      anonymous_code: notifications.anonymous_code,
      title: notifications.title,
      message: notifications.message,
      type: notifications.type,
      created_at: notifications.created_at,
    })
    .from(notifications)
    .innerJoin(reports, eq(reports.id, notifications.report_id))
    .where(eq(notifications.organization_id, organizationId))
    .orderBy(desc(notifications.created_at))
    .limit(500)
  return rows.map((row) => ({ ...row, created_at: toIso(row.created_at) }))
}

/** The dashboard's counts, in one query. */
export async function organizationStats(db: Db, organizationId: string): Promise<OrganizationStats> {
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${reports.status} = ${FILED_STATUS})::int`,
      in_progress: sql<number>`count(*) filter (where ${reports.status} = ${CLAIMED_STATUS})::int`,
      resolved: sql<number>`count(*) filter (where ${reports.status} = ${RESOLVED_STATUS})::int`,
      notifications_sent: sql<number>`(select count(*)::int from ${notifications} where ${notifications.organization_id} = ${organizationId})`,
    })
    .from(reports)
    .where(managedBy(organizationId))
  const total = Number(row?.total ?? 0)
  const resolved = Number(row?.resolved ?? 0)
  return {
    total,
    pending: Number(row?.pending ?? 0),
    in_progress: Number(row?.in_progress ?? 0),
    resolved,
    resolution_rate: resolutionRate(resolved, total),
    notifications_sent: Number(row?.notifications_sent ?? 0),
    members: await memberCounts(db, organizationId),
  }
}

/** Each active member of the organisation with the reports handed to them, open and resolved. */
async function memberCounts(db: Db, organizationId: string): Promise<OrganizationStats['members']> {
  const rows = await db
    .select({
      id: organizationMembers.id,
      name: organizationMembers.name,
      open: sql<number>`count(${reports.id}) filter (where ${reports.status} in (${FILED_STATUS}, ${CLAIMED_STATUS}))::int`,
      resolved: sql<number>`count(${reports.id}) filter (where ${reports.status} = ${RESOLVED_STATUS})::int`,
    })
    .from(organizationMembers)
    .leftJoin(reports, and(eq(reports.assignee_id, organizationMembers.id), managedBy(organizationId)))
    .where(
      and(eq(organizationMembers.organization_id, organizationId), eq(organizationMembers.status, 'active')),
    )
    .groupBy(organizationMembers.id, organizationMembers.name)
    .orderBy(asc(sql`lower(${organizationMembers.name})`))
  return rows.map((row) => ({ ...row, open: Number(row.open), resolved: Number(row.resolved) }))
}

/** `GET /api/org/me`: the organisation's profile, and the member who asks. */
export async function ownOrganization(db: Db, signedIn: MemberPrincipal): Promise<OwnOrganization> {
  const [member] = await db
    .select()
    .from(organizationMembers)
    .where(eq(organizationMembers.id, signedIn.member.id))
  if (!member) throw new AppError('not_found')
  return { ...(await organizationProfile(db, signedIn.organization.id)), member: currentMemberOf(member) }
}

export async function organizationProfile(db: Db, organizationId: string): Promise<OrganizationProfile> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId))
  if (!organization) throw new AppError('not_found')
  const handled = await db
    .select({ id: categories.id, nom: categories.nom })
    .from(categoryOrganizations)
    .innerJoin(categories, eq(categories.id, categoryOrganizations.categorie_id))
    .where(eq(categoryOrganizations.organization_id, organizationId))
  return {
    id: organization.id,
    name: organization.name,
    type: organization.type,
    email: organization.email,
    phone: organization.phone,
    address: organization.address,
    city: organization.city,
    status: organization.status,
    is_active: organization.is_active,
    pending_name: organization.pending_name,
    created_at: toIso(organization.created_at),
    last_login: organization.last_login ? toIso(organization.last_login) : null,
    categories: handled,
    areas: await zoneOf(db, organizationId),
    pending_areas: await pendingZoneOf(db, organization),
  }
}
