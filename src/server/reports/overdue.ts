// Late reports (issue 30): a report is late once it has waited longer than its category's target
// since its filing, to be claimed or to be resolved. The targets are per category and time moves:
// each read turns them into moments ("filed before this") from the app's clock, so that the late
// reports of a category are a `created_at <` range of the indexes that already serve the lists,
// and their count the count tables' figures less the reports filed since.
import { and, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { OverdueKind } from '../../domain/overdue'
import { FILED_STATUS, type ReportStatus, statusesOfKind } from '../../domain/report-states'
import { type Db, queryRows } from '../db/database'
import { categories, reports } from '../db/schema'
import { isOneOf } from '../db/values'
import type { CountedScope, DayCount } from './read-models'

const OPEN_STATUSES = statusesOfKind('open')
const HOUR_MS = 60 * 60 * 1000

/**
 * The reports waiting for each step, on the count tables' columns and on the reports: unclaimed
 * (no organisation, as filed), and claimed but still open (an organisation that puts its report
 * back "En attente" does not stop its clock).
 */
export const WAITING_STATUSES: Record<OverdueKind, readonly ReportStatus[]> = {
  claim: [FILED_STATUS],
  resolve: OPEN_STATUSES,
}
const WAITING: Record<OverdueKind, { counts: SQL; rows: SQL }> = {
  claim: {
    counts: sql`not assigned and ${isOneOf(sql`status`, WAITING_STATUSES.claim)}`,
    rows: and(
      isNull(reports.assigned_organization_id),
      isOneOf(reports.status, WAITING_STATUSES.claim),
    ) as SQL,
  },
  resolve: {
    counts: sql`assigned and ${isOneOf(sql`status`, WAITING_STATUSES.resolve)}`,
    rows: and(
      isNotNull(reports.assigned_organization_id),
      isOneOf(reports.status, WAITING_STATUSES.resolve),
    ) as SQL,
  },
}

export const OVERDUE_KINDS_ALL: OverdueKind[] = ['claim', 'resolve']

/** Categories whose reports of one step are late when filed before the same moment. */
interface DeadlineGroup {
  /** Their ids; none when the group is every category (no need to name them). */
  categoryIds: number[]
  before: Date
  /** The UTC day of `before` (the count tables' day), and its first moment. */
  day: string
  dayStart: Date
}

/** For each step, the moments before which a report is late, by category (issue 30). */
export type Deadlines = Record<OverdueKind, DeadlineGroup[]>

function groupOf(categoryIds: number[], before: Date): DeadlineGroup {
  const day = before.toISOString().slice(0, 10)
  return { categoryIds, before, day, dayStart: new Date(`${day}T00:00:00.000Z`) }
}

/** When the reports of each category become late at `now`, read from the categories' targets. */
export async function deadlinesAt(db: Db, now: Date): Promise<Deadlines> {
  const rows = await db
    .select({
      id: categories.id,
      claim: categories.claim_target_hours,
      resolve: categories.resolve_target_hours,
    })
    .from(categories)
  const groups = (hoursOf: (row: (typeof rows)[number]) => number): DeadlineGroup[] => {
    const byHours = new Map<number, number[]>()
    for (const row of rows) byHours.set(hoursOf(row), [...(byHours.get(hoursOf(row)) ?? []), row.id])
    // Categories sharing a target (the defaults, mostly) are one range, every category none at all.
    return [...byHours].map(([hours, ids]) =>
      groupOf(byHours.size === 1 ? [] : ids, new Date(now.getTime() - hours * HOUR_MS)),
    )
  }
  return { claim: groups((row) => row.claim), resolve: groups((row) => row.resolve) }
}

/** The reports of a group's categories, on the reports or on the count tables. */
function ofGroup(group: DeadlineGroup, side: 'counts' | 'rows'): SQL | undefined {
  if (!group.categoryIds.length) return undefined
  return side === 'rows'
    ? inArray(reports.category_id, group.categoryIds)
    : sql`category_id in ${group.categoryIds}`
}

/** `when(kind, group)` for each kind and each of its groups, or-ed; false when there is none. */
function eachDeadline(
  deadlines: Deadlines,
  kinds: OverdueKind[],
  side: 'counts' | 'rows',
  when: (group: DeadlineGroup) => SQL | undefined,
): SQL {
  const branches = kinds.map((kind) =>
    and(WAITING[kind][side], or(...deadlines[kind].map(when)) ?? sql`false`),
  )
  return or(...branches) ?? sql`false`
}

/** A group's reports filed on its moment's day, before the moment. */
function filedOnItsDayBefore(group: DeadlineGroup): SQL | undefined {
  return and(
    ofGroup(group, 'rows'),
    gte(reports.created_at, group.dayStart.toISOString()),
    lt(reports.created_at, group.before.toISOString()),
  )
}

/** report_daily_counts' days of these kinds' waiting reports, from each moment's day on. */
function daysFromDeadline(deadlines: Deadlines, kinds: OverdueKind[]): SQL {
  return eachDeadline(deadlines, kinds, 'counts', (group) =>
    and(ofGroup(group, 'counts'), sql`day >= ${group.day}::date`),
  )
}

/** The latest of the moments of these kinds: every late report was filed before it. */
function latestDeadline(deadlines: Deadlines, kinds: OverdueKind[]): Date | null {
  const moments = kinds.flatMap((kind) => deadlines[kind].map((group) => group.before))
  return moments.reduce<Date | null>((latest, moment) => (latest && latest > moment ? latest : moment), null)
}

/**
 * The late reports of these kinds: a range of filing dates below the latest of their moments (the
 * planner's index condition: a list's index scan starts there and goes down), then each kind's and
 * category's own moment.
 */
export function overdueRows(deadlines: Deadlines, kinds: OverdueKind[] = OVERDUE_KINDS_ALL): SQL {
  const latest = latestDeadline(deadlines, kinds)
  if (!latest) return sql`false`
  const late = eachDeadline(deadlines, kinds, 'rows', (group) =>
    and(ofGroup(group, 'rows'), lt(reports.created_at, group.before.toISOString())),
  )
  return and(lt(reports.created_at, latest.toISOString()), late) as SQL
}

/**
 * Whether a report is late, and for what: from its category's targets and the clock, in the
 * select list of every list and detail (written with table names: drizzle leaves columns
 * unqualified inside a select list, and `created_at` is also the category's).
 */
export function overdueAt(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`
  return sql<OverdueKind | null>`(select case
      when reports.assigned_organization_id is null and ${isOneOf(sql`reports.status`, WAITING_STATUSES.claim)}
        and reports.created_at < ${at} - c.claim_target_hours * interval '1 hour' then 'claim'
      when reports.assigned_organization_id is not null and ${isOneOf(sql`reports.status`, WAITING_STATUSES.resolve)}
        and reports.created_at < ${at} - c.resolve_target_hours * interval '1 hour' then 'resolve'
    end from categorie c where c.id = reports.category_id)`
}

/**
 * How many late reports of these kinds in `scope`, as an SQL expression: the reports waiting for
 * the step (report_counts, a few hundred rows) less those filed since their moment. Those are
 * counted from report_daily_counts' days from the moment's day on, less the reports of that day
 * filed before the moment (a part of a day, read from the reports), when the scope has no
 * commune (`byDay`: the counts per day have none); else from the reports filed since.
 */
export function overdueCount(
  scope: CountedScope & { byDay: boolean },
  deadlines: Deadlines,
  kinds: OverdueKind[] = OVERDUE_KINDS_ALL,
): SQL {
  const waiting = or(...kinds.map((kind) => WAITING[kind].counts)) ?? sql`false`
  const all = sql`(select coalesce(sum(n), 0) from report_counts where ${scope.counts} and ${waiting})`
  // Counted kind by kind: each kind's waiting reports have an index of their own
  // (reports_unclaimed_idx, reports_unresolved_idx), read alone.
  const rowsWhere = (when: (group: DeadlineGroup) => SQL | undefined) =>
    kinds.length === 0
      ? sql`0`
      : sql.join(
          kinds.map(
            (kind) =>
              sql`(select count(*) from ${reports} where ${and(scope.rows, eachDeadline(deadlines, [kind], 'rows', when))})`,
          ),
          sql` + `,
        )
  if (!scope.byDay) {
    const since = rowsWhere((group) =>
      and(ofGroup(group, 'rows'), gte(reports.created_at, group.before.toISOString())),
    )
    return sql`(${all} - (${since}))`
  }
  const beforeOnItsDay = rowsWhere(filedOnItsDayBefore)
  const recentDays = sql`(select coalesce(sum(n), 0) from report_daily_counts where ${scope.counts} and ${daysFromDeadline(deadlines, kinds)})`
  return sql`(${all} - ${recentDays} + (${beforeOnItsDay}))`
}

/** How many late reports of these kinds in `scope` (overdueCount). */
export async function countOverdue(
  db: Db,
  scope: CountedScope & { byDay: boolean },
  deadlines: Deadlines,
  kinds: OverdueKind[] = OVERDUE_KINDS_ALL,
): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select ${overdueCount(scope, deadlines, kinds)} as n`,
  )
  return Number(row?.n ?? 0)
}

/**
 * The late reports of `scope` per day of filing (UTC), newest day first, for a deep page to start
 * at its day: report_daily_counts' days before each moment's day, and the reports of that day
 * filed before the moment. Only for a scope without a commune (the counts per day have none).
 */
export async function overdueDayCounts(
  db: Db,
  scope: CountedScope,
  deadlines: Deadlines,
  kinds: OverdueKind[] = OVERDUE_KINDS_ALL,
): Promise<DayCount[]> {
  const daysBefore = eachDeadline(deadlines, kinds, 'counts', (group) =>
    and(ofGroup(group, 'counts'), sql`day < ${group.day}::date`),
  )
  const beforeOnItsDay = eachDeadline(deadlines, kinds, 'rows', filedOnItsDayBefore)
  const rows = await queryRows<{ day: string | Date; n: string | number }>(
    db,
    sql`select day::text as day, sum(n) as n from (
        select day, n from report_daily_counts where ${scope.counts} and ${daysBefore}
        union all
        select (${reports.created_at} at time zone 'UTC')::date as day, 1 as n from ${reports}
          where ${and(scope.rows, beforeOnItsDay)}
      ) late
      group by day having sum(n) > 0 order by day desc`,
  )
  return rows.map((row) => ({ day: String(row.day), n: Number(row.n) }))
}

/**
 * The late reports of the whole department per category, for the public on-time rate, as
 * `select key, n` rows to sum by key: each category's waiting reports (report_counts) less those
 * filed since its moment, counted as `overdueCount` counts them (report_daily_counts' days from
 * the moment's day on, less the part of that day before the moment).
 */
export function lateByCategory(deadlines: Deadlines): SQL {
  const kinds = OVERDUE_KINDS_ALL
  const waiting = or(...kinds.map((kind) => WAITING[kind].counts))
  // Kind by kind, as overdueCount reads them: each kind's waiting reports have an index of their own.
  const beforeOnItsDay = kinds.map(
    (kind) =>
      sql`select ${reports.category_id} as key, 1 as n from ${reports} where ${eachDeadline(deadlines, [kind], 'rows', filedOnItsDayBefore)}`,
  )
  return sql.join(
    [
      sql`select category_id as key, n from report_counts where ${waiting}`,
      sql`select category_id as key, -n as n from report_daily_counts where ${daysFromDeadline(deadlines, kinds)}`,
      ...beforeOnItsDay,
    ],
    sql` union all `,
  )
}

/**
 * The late reports of each organisation (those it manages, unresolved past their target), as
 * `select key, n` rows to sum by key: its reports waiting to be resolved
 * (report_organization_counts) less those filed since their moment, read from
 * reports_unresolved_idx alone.
 */
export function lateByOrganization(deadlines: Deadlines): SQL {
  const filedSince = eachDeadline(deadlines, ['resolve'], 'rows', (group) =>
    and(ofGroup(group, 'rows'), gte(reports.created_at, group.before.toISOString())),
  )
  return sql`select organization_id as key, n from report_organization_counts
      where ${isOneOf(sql`status`, WAITING_STATUSES.resolve)}
    union all
    select ${reports.assigned_organization_id} as key, -count(*) as n from ${reports} where ${filedSince}
      group by ${reports.assigned_organization_id}`
}
