// Reads of the report counts that the triggers of migration 0002_read_models keep in the
// transaction of every change: totals and dashboard figures without counting a million rows.
import { type SQL, sql } from 'drizzle-orm'
import type { AdminStats } from '../../domain/admin'
import { STATS_WEEK_DAYS } from '../../domain/constants'
import { CLAIMED_STATUS, FILED_STATUS, REJECTED_STATUS, RESOLVED_STATUS } from '../../domain/report-states'
import { type Db, queryRows } from '../db/database'
import { deadlinesAt, overdueCount } from './overdue'
import type { Coverage } from './scopes'

/**
 * A set of reports described twice: on the columns of the count tables (`category_id`,
 * `status`, `priority`, `assigned`), and on the reports table itself. Both must select the same
 * reports; the tests of each list compare the total with the rows.
 */
export interface CountedScope {
  counts: SQL
  rows: SQL | undefined
}

/** How many reports in the scope, from report_counts (a few hundred rows at most). */
export async function countInScope(db: Db, scope: CountedScope): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select coalesce(sum(n), 0) as n from report_counts where ${scope.counts}`,
  )
  return Number(row?.n ?? 0)
}

export interface DayCount {
  /** YYYY-MM-DD, UTC. */
  day: string
  n: number
}

/**
 * Reports of the scope per day of filing (UTC), newest day first, empty days left out: from
 * report_daily_counts, or for a scope of one commune from report_area_days (its status, priority
 * and commune are the only columns such a scope may name there).
 */
export async function dayCountsInScope(
  db: Db,
  scope: CountedScope,
  table: 'report_daily_counts' | 'report_area_days' = 'report_daily_counts',
): Promise<DayCount[]> {
  const rows = await queryRows<{ day: string | Date; n: string | number }>(
    db,
    sql`select day::text as day, sum(n) as n from ${sql.identifier(table)} where ${scope.counts}
      group by day having sum(n) > 0 order by day desc`,
  )
  return rows.map((row) => ({ day: String(row.day), n: Number(row.n) }))
}

/**
 * The reports an organisation covering some communes may claim, per day of filing (newest first),
 * from report_available_days: the deep pages of a town hall's list start at their day.
 */
export async function availableDayCounts(db: Db, coverage: Coverage): Promise<DayCount[]> {
  if (coverage.categoryIds.length === 0 || coverage.areaIds.length === 0) return []
  const rows = await queryRows<{ day: string | Date; n: string | number }>(
    db,
    sql`select day::text as day, sum(n) as n from report_available_days
      where category_id in ${coverage.categoryIds} and area_id in ${coverage.areaIds}
      group by day having sum(n) > 0 order by day desc`,
  )
  return rows.map((row) => ({ day: String(row.day), n: Number(row.n) }))
}

export function startOfUtcDay(moment: Date): Date {
  return new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()))
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Every figure of the admin dashboard in one query, once the categories' targets are read:
 * statuses and resolution times from report_counts, "today" and most of "this week" from the days
 * of report_daily_counts, and the rest of the week's first day (it starts at this time of day, 7
 * days ago) from the reports of that part of a day; the late reports the same way (overdue.ts).
 */
export async function adminStatsFromCounts(db: Db, now: Date): Promise<AdminStats> {
  const overdue = overdueCount(
    { counts: sql`true`, rows: undefined, byDay: true },
    await deadlinesAt(db, now),
  )
  const today = startOfUtcDay(now)
  const weekAgo = new Date(now.getTime() - STATS_WEEK_DAYS * DAY_MS)
  const dayAfterWeekAgo = new Date(startOfUtcDay(weekAgo).getTime() + DAY_MS)
  const isoDay = (moment: Date) => moment.toISOString().slice(0, 10)
  const [row] = await queryRows<Record<keyof AdminStats, number | string | null>>(
    db,
    sql`with by_status as (
        select
          coalesce(sum(n) filter (where status = ${FILED_STATUS}), 0) as pending,
          coalesce(sum(n) filter (where status = ${CLAIMED_STATUS}), 0) as in_progress,
          coalesce(sum(n) filter (where status = ${RESOLVED_STATUS}), 0) as resolved,
          coalesce(sum(n) filter (where status = ${REJECTED_STATUS}), 0) as rejected,
          coalesce(sum(n), 0) as total,
          sum(resolved_n) filter (where status = ${RESOLVED_STATUS}) as resolved_n,
          sum(resolution_seconds) filter (where status = ${RESOLVED_STATUS}) as resolution_seconds
        from report_counts
      ),
      by_day as (
        select
          coalesce(sum(n) filter (where day >= ${isoDay(today)}::date), 0) as today,
          coalesce(sum(n) filter (where day >= ${isoDay(dayAfterWeekAgo)}::date), 0) as whole_days
        from report_daily_counts where day >= ${isoDay(dayAfterWeekAgo)}::date
      )
      select
        pending::int as pending_reports,
        in_progress::int as in_progress_reports,
        resolved::int as resolved_reports,
        rejected::int as rejected_reports,
        total::int as total_reports,
        coalesce(round((resolution_seconds / nullif(resolved_n, 0) / 3600)::numeric), 0)::int as avg_resolution_hours,
        today::int as today_reports,
        (whole_days + (select count(*) from reports
          where created_at >= ${weekAgo.toISOString()} and created_at < ${dayAfterWeekAgo.toISOString()}))::int as week_reports,
        ${overdue}::int as overdue_reports
      from by_status, by_day`,
  )
  const value = (key: keyof AdminStats) => Number(row?.[key] ?? 0)
  return {
    pending_reports: value('pending_reports'),
    in_progress_reports: value('in_progress_reports'),
    resolved_reports: value('resolved_reports'),
    rejected_reports: value('rejected_reports'),
    total_reports: value('total_reports'),
    avg_resolution_hours: value('avg_resolution_hours'),
    today_reports: value('today_reports'),
    week_reports: value('week_reports'),
    overdue_reports: value('overdue_reports'),
  }
}
