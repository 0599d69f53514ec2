import { and, asc, desc, eq, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type {
  AdminReport,
  AdminReportDetail,
  AdminReportFilters,
  AdminReportSort,
  AdminStats,
} from '../../domain/admin'
import { ADMIN_PAGE_SIZE } from '../../domain/constants'
import { OVERDUE_FILTER, type OverdueKind } from '../../domain/overdue'
import type { Page, PageCursor } from '../../domain/pagination'
import type { ReadCache } from '../cache/read-cache'
import { teamHistoryOf } from '../citizens/repository'
import { type Db, queryRows } from '../db/database'
import { areas, notifications, organizations, reports } from '../db/schema'
import { toIso } from '../db/values'
import { AppError } from '../errors'
import { reportItemColumnsAt, toReportItem } from '../organizations/repository'
import {
  countOverdue,
  deadlinesAt,
  OVERDUE_KINDS_ALL,
  overdueAt,
  overdueDayCounts,
  overdueRows,
  WAITING_STATUSES,
} from '../reports/overdue'
import { type PageRead, readPage } from '../reports/paging'
import {
  adminStatsFromCounts,
  type CountedScope,
  countInScope,
  dayCountsInScope,
} from '../reports/read-models'
import { readSearchPage, type TextSearch, textMatches, textSearch } from '../reports/search'

const chosen = <T extends string>(value: T | 'all' | undefined): T | undefined =>
  value && value !== 'all' ? value : undefined

/** The status, priority and commune filters, on the count tables and on the reports. */
function filterScope(filters: AdminReportFilters): CountedScope {
  const status = chosen(filters.status)
  const priority = chosen(filters.priority)
  const { area } = filters
  return {
    counts: sql`true${status ? sql` and status = ${status}` : sql``}${priority ? sql` and priority = ${priority}` : sql``}${area ? sql` and area_id = ${area}` : sql``}`,
    rows: and(
      status ? eq(reports.status, status) : undefined,
      priority ? eq(reports.priority, priority) : undefined,
      area ? eq(reports.area_id, area) : undefined,
    ),
  }
}

/**
 * The reports an index scan of the list reads through: those of the commune, else of the status, else of
 * the priority (their indexes are by one of them, then date); every report otherwise.
 */
function indexScannedBy(filters: AdminReportFilters): SQL | undefined {
  const status = chosen(filters.status)
  const priority = chosen(filters.priority)
  if (filters.area) return eq(reports.area_id, filters.area)
  if (status) return eq(reports.status, status)
  return priority ? eq(reports.priority, priority) : undefined
}

/**
 * The late reports the filter asks for (issue 30): of both kinds (`1`), or of the one it names;
 * with a status, only the kinds whose reports may have it (a report to claim waits "En attente"),
 * so that the list's index scan starts from the right moment.
 */
function overdueKinds(filters: AdminReportFilters): OverdueKind[] | null {
  const { overdue } = filters
  if (!overdue) return null
  const kinds = overdue === OVERDUE_FILTER ? OVERDUE_KINDS_ALL : [overdue]
  const status = chosen(filters.status)
  return status ? kinds.filter((kind) => WAITING_STATUSES[kind].includes(status)) : kinds
}

/** What the late-reports filter needs at `now`: the kinds and the categories' deadlines; none without it. */
async function lateFilter(db: Db, filters: AdminReportFilters, now: Date) {
  const kinds = overdueKinds(filters)
  return kinds ? { kinds, deadlines: await deadlinesAt(db, now) } : null
}

async function adminReportFilter(
  db: Db,
  filters: AdminReportFilters,
  late: Awaited<ReturnType<typeof lateFilter>>,
  search?: TextSearch,
) {
  return and(
    filterScope(filters).rows,
    textMatches(search ?? (await textSearch(db, filters.q))),
    late ? overdueRows(late.deadlines, late.kinds) : undefined,
  )
}

/** Each order ends with the id, so that reading it backwards gives exactly the reverse. */
function orderOf(sort: AdminReportSort | undefined, reverse: boolean): SQL[] {
  const direction = reverse ? asc : desc
  const newest = [direction(reports.created_at), direction(reports.id)]
  return sort === 'supporters' ? [direction(reports.supporters_count), ...newest] : newest
}

function searchTotalKey(filters: AdminReportFilters): string {
  return `admin-reports-total:${JSON.stringify([filters.q, chosen(filters.status), chosen(filters.priority), filters.area, filters.overdue])}`
}

function dayCountsKey(filters: AdminReportFilters): string {
  return `admin-reports-days:${JSON.stringify([chosen(filters.status), chosen(filters.priority), filters.area])}`
}

const adminColumnsAt = (now: Date) => ({
  ...reportItemColumnsAt(now),
  assigned_organization_name: organizations.name,
})

function toAdminReport(
  row: typeof reports.$inferSelect & {
    notifications_count: number
    assignee_name: string | null
    area_name: string | null
    assigned_organization_name: string | null
    overdue: OverdueKind | null
  },
): AdminReport {
  return { ...toReportItem(row), assigned_organization_name: row.assigned_organization_name }
}

/**
 * The rows of a page's ids (a list, or the query that picks them), in their order, with what the
 * admin list shows beside them at `now`.
 */
async function adminReportsOf(
  db: Db,
  now: Date,
  ids: string[] | SQLWrapper,
  order: SQL[],
): Promise<AdminReport[]> {
  if (Array.isArray(ids) && ids.length === 0) return []
  const rows = await db
    .select(adminColumnsAt(now))
    .from(reports)
    .leftJoin(organizations, eq(organizations.id, reports.assigned_organization_id))
    .where(inArray(reports.id, ids))
    .orderBy(...order)
  return rows.map(toAdminReport)
}

/**
 * Without a search, the total comes from the count tables and a deep page starts at its day
 * (the counts per day, tens of thousands of rows at a million reports, are kept by the read cache
 * until a report changes; the late reports' are counted at `now`, overdue.ts). A search counts its
 * matches up to SEARCH_COUNT_LIMIT, kept the same way (an administrator paging through results asks
 * for it on every page), and pages on by cursor.
 */
export async function listAdminReports(
  db: Db,
  cache: ReadCache,
  now: Date,
  filters: AdminReportFilters,
  page: number,
  cursor: PageCursor = {},
): Promise<Page<AdminReport>> {
  const scope = filterScope(filters)
  const search = await textSearch(db, filters.q)
  const late = await lateFilter(db, filters, now)
  const where = await adminReportFilter(db, filters, late, search)
  if (search && where) {
    return readSearchPage(
      db,
      {
        where,
        order: filters.sort === 'supporters' ? 'supporters' : 'newest',
        search,
        indexScanned: indexScannedBy(filters),
        keptCount: (count) => cache.get(searchTotalKey(filters), count),
        rowsOf: (tx, ids) => adminReportsOf(tx, now, ids, orderOf(filters.sort, false)),
      },
      page,
      ADMIN_PAGE_SIZE,
      cursor,
    )
  }
  // One commune's list pages from the day of report_area_days that holds its page; the late
  // reports' days have no commune: a commune's late list pages from its closer end.
  const byDay = filters.sort !== 'supporters' && !(late && filters.area)
  const days = late
    ? () => overdueDayCounts(db, scope, late.deadlines, late.kinds)
    : () =>
        cache.get(dayCountsKey(filters), () =>
          dayCountsInScope(db, scope, filters.area ? 'report_area_days' : 'report_daily_counts'),
        )
  return readPage(
    {
      total: late
        ? () => countOverdue(db, { ...scope, byDay: !filters.area }, late.deadlines, late.kinds)
        : () => countInScope(db, scope),
      rows: ({ offset, limit, reverse, before }: PageRead) => {
        const order = orderOf(filters.sort, reverse)
        // The page's ids through the index that serves the order, then their rows: one query.
        const pageIds = db
          .select({ id: reports.id })
          .from(reports)
          .where(and(where, before ? lt(reports.created_at, before) : undefined))
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
        return adminReportsOf(db, now, pageIds, order)
      },
      ...(byDay ? { days } : {}),
    },
    page,
    ADMIN_PAGE_SIZE,
  )
}

export async function adminReportDetail(db: Db, now: Date, id: string): Promise<AdminReportDetail> {
  const [row] = await db
    .select(adminColumnsAt(now))
    .from(reports)
    .leftJoin(organizations, eq(organizations.id, reports.assigned_organization_id))
    .where(eq(reports.id, id))
  if (!row) throw new AppError('not_found')
  const history = await teamHistoryOf(db, id)
  const messages = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      created_at: notifications.created_at,
    })
    .from(notifications)
    .where(eq(notifications.report_id, id))
    .orderBy(desc(notifications.created_at))
  return {
    ...toAdminReport(row),
    history,
    notifications: messages.map((m) => ({ ...m, created_at: toIso(m.created_at) })),
  }
}

/** Every figure of the dashboard in one query, from the count tables. */
export function adminStats(db: Db, now: Date): Promise<AdminStats> {
  return adminStatsFromCounts(db, now)
}

export const EXPORT_BATCH = 5000

/** One CSV row's values, the dates already in ISO 8601 UTC. */
export interface ExportRow {
  id: string
  anonymous_code: string
  created_at: string
  type: string
  status: string
  priority: string
  description: string
  address: string | null
  department: string | null
  latitude: number
  longitude: number
  assigned_organization_name: string | null
  resolved_at: string | null
  supporters_count: number
  /** Its commune's name; null outside the department. */
  area: string | null
  /** Why it is late at the export's moment (issue 30), or null. */
  overdue: OverdueKind | null
  /** Sort keys of the batch's last row, where the next batch starts. */
  cursor_created_at: string
}

const isoUtc = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * Every report matching the filters, in the list's order, read in batches by keyset so that
 * memory stays flat whatever the number of rows. Only the exported columns are read, dates
 * formatted by PostgreSQL, and a whole batch is handed over at once.
 */
export async function* exportRows(
  db: Db,
  filters: AdminReportFilters,
  now: Date,
): AsyncGenerator<ExportRow[]> {
  const where = await adminReportFilter(db, filters, await lateFilter(db, filters, now))
  const bySupporters = filters.sort === 'supporters'
  const batchAfter = (after: ExportRow | null): Promise<ExportRow[]> => {
    // A row comparison, not "a < x or (a = x and b < y)": PostgreSQL turns it into an index range
    // and starts each batch where the last ended, instead of scanning past every row already sent.
    const cursor: SQL | undefined = !after
      ? undefined
      : bySupporters
        ? sql`(${reports.supporters_count}, ${reports.created_at}, ${reports.id}) < (${after.supporters_count}, ${after.cursor_created_at}::timestamptz, ${after.id}::uuid)`
        : sql`(${reports.created_at}, ${reports.id}) < (${after.cursor_created_at}::timestamptz, ${after.id}::uuid)`
    const conditions = and(where, cursor)
    return queryRows<ExportRow>(
      db,
      sql`select reports.id, reports.anonymous_code, ${isoUtc(reports.created_at)} as created_at, reports.type,
          reports.status, reports.priority, reports.description, reports.address, reports.department,
          reports.latitude, reports.longitude, organizations.name as assigned_organization_name,
          ${isoUtc(reports.resolved_at)} as resolved_at, reports.supporters_count,
          areas.name as area, ${overdueAt(now)} as overdue, reports.created_at::text as cursor_created_at
        from ${reports} left join ${organizations} on organizations.id = reports.assigned_organization_id
          left join ${areas} on areas.id = reports.area_id
        ${conditions ? sql`where ${conditions}` : sql``}
        order by ${sql.join(orderOf(filters.sort, false), sql`, `)}
        limit ${EXPORT_BATCH}`,
    )
  }
  let batch = await batchAfter(null)
  for (;;) {
    const last = batch.at(-1)
    // The next batch is read while this one is written out: at most two batches in memory.
    const next = last && batch.length === EXPORT_BATCH ? batchAfter(last) : null
    // A reader that stops early leaves `next` unread: its failure must not go unhandled.
    next?.catch(() => {})
    if (batch.length) yield batch
    if (!next) return
    batch = await next
  }
}
