// GET /api/public/stats from the read models that the triggers of migrations 0002 and 0009 keep:
// a few hundred rows of counts and histograms, never the reports themselves, so that the figures
// cost the same at a thousand or a million reports (docs/performance.md).
import { sql } from 'drizzle-orm'
import { communeNameAt } from '../../domain/communes'
import {
  type BucketCount,
  medianFromBuckets,
  medianWithinBucket,
  type OpenArea,
  type OrganizationStats,
  type PublicStats,
  STATS_WEEKS,
  shareOnTime,
  shareResolved,
  type WeekStats,
} from '../../domain/public-data'
import { CLAIMED_STATUS, FILED_STATUS, RESOLVED_STATUS } from '../../domain/report-states'
import { boundariesImported } from '../areas/boundaries'
import { frenchOrder } from '../categories/repository'
import { type Db, queryRows } from '../db/database'
import { type Deadlines, deadlinesAt, lateByCategory, lateByOrganization } from '../reports/overdue'
import { publicStatus } from '../reports/scopes'

/** The side of report_open_cells' squares: 360 / 2^16 degrees (migration 0009). */
const OPEN_CELL_DEGREES = 360 / 2 ** 16
/** The map of /statistiques shows at most this many squares, the fullest first. */
const OPEN_AREAS_MAX = 1000
const DAY_MS = 24 * 60 * 60 * 1000
/** The report form's collator (one for every comparison: `localeCompare(…, 'fr')` builds one per call). */
const byFrenchName = frenchOrder.compare

type Count = string | number

/** Every public figure, read in parallel from the count tables. */
export async function publicStatistics(db: Db, now: Date): Promise<PublicStats> {
  // The late reports are counted from the moments the categories' targets give at `now`: read
  // first for the figures that count them, the others meanwhile.
  const deadlines = deadlinesAt(db, now)
  const [categories, histograms, weeks, organizations, openAreas, limitsImported] = await Promise.all([
    deadlines.then((at) => categoryFigures(db, at)),
    resolutionHistograms(db),
    weeklyCounts(db, now),
    deadlines.then((at) => organizationFigures(db, at)),
    openReportAreas(db),
    boundariesImported(db),
  ])
  // In the form's order: the database's collation may put "Éclairage" after the Z's.
  const byCategory = [...categories]
    .sort((a, b) => byFrenchName(a.category, b.category) || a.category_id - b.category_id)
    .map((row) => {
      const pending = Number(row.pending)
      const inProgress = Number(row.in_progress)
      const resolved = Number(row.resolved)
      const total = pending + inProgress + resolved
      return {
        category_id: row.category_id,
        category: row.category,
        total,
        resolved,
        in_progress: inProgress,
        pending,
        resolution_rate: shareResolved(resolved, total),
        median_resolution_hours: medianFromBuckets(histograms.get(row.category_id) ?? []),
        on_time_rate: shareOnTime(onTimeCounts(row)),
      }
    })
  const sum = (key: 'total' | 'pending' | 'in_progress' | 'resolved') =>
    byCategory.reduce((total, category) => total + category[key], 0)
  const onTimeTotals = categories.map(onTimeCounts).reduce(
    (all, counts) => ({
      onTime: all.onTime + counts.onTime,
      resolved: all.resolved + counts.resolved,
      late: all.late + counts.late,
    }),
    { onTime: 0, resolved: 0, late: 0 },
  )
  return {
    totals: {
      total: sum('total'),
      pending: sum('pending'),
      in_progress: sum('in_progress'),
      resolved: sum('resolved'),
      resolution_rate: shareResolved(sum('resolved'), sum('total')),
      median_resolution_hours: medianFromBuckets([...histograms.values()].flat()),
      on_time_rate: shareOnTime(onTimeTotals),
    },
    by_category: byCategory,
    by_week: weeks,
    by_organization: organizations,
    organization_count: organizations.length,
    open_by_area: openAreas,
    area_limits_imported: limitsImported,
  }
}

/**
 * What an on-time rate is made of (issue 30): the resolved reports and those within their target
 * (report_on_time_counts), and the open ones past their target (reports/overdue.ts).
 */
interface OnTimeColumns {
  judged_resolved: Count
  on_time: Count
  late: Count
}

function onTimeCounts(row: OnTimeColumns) {
  return { onTime: Number(row.on_time), resolved: Number(row.judged_resolved), late: Number(row.late) }
}

/** Every category, with its public reports per status (report_counts) and its on-time counts. */
function categoryFigures(db: Db, deadlines: Deadlines) {
  return queryRows<
    {
      category_id: number
      category: string
      pending: Count
      in_progress: Count
      resolved: Count
    } & OnTimeColumns
  >(
    db,
    sql`select c.id as category_id, c.nom as category,
        coalesce(counts.pending, 0) as pending, coalesce(counts.in_progress, 0) as in_progress,
        coalesce(counts.resolved, 0) as resolved,
        coalesce(judged.resolved, 0) as judged_resolved, coalesce(judged.on_time, 0) as on_time,
        coalesce(late.n, 0) as late
      from categorie c
      left join (select category_id,
          sum(n) filter (where status = ${FILED_STATUS}) as pending,
          sum(n) filter (where status = ${CLAIMED_STATUS}) as in_progress,
          sum(n) filter (where status = ${RESOLVED_STATUS}) as resolved
        from report_counts where ${publicStatus} group by category_id) counts on counts.category_id = c.id
      left join (select category_id, sum(resolved) as resolved, sum(on_time) as on_time
        from report_on_time_counts group by category_id) judged on judged.category_id = c.id
      left join (select key, sum(n) as n from (${lateByCategory(deadlines)}) rows group by key) late
        on late.key = c.id`,
  )
}

/** Each category's hours from filing to resolution, as a histogram. */
async function resolutionHistograms(db: Db): Promise<Map<number, BucketCount[]>> {
  const rows = await queryRows<{ category_id: number; bucket: number; n: Count }>(
    db,
    sql`select category_id, bucket, n from report_resolution_hours where n > 0`,
  )
  const byCategory = new Map<number, BucketCount[]>()
  for (const row of rows) {
    const counts = byCategory.get(row.category_id) ?? []
    counts.push({ bucket: Number(row.bucket), n: Number(row.n) })
    byCategory.set(row.category_id, counts)
  }
  return byCategory
}

/** The Monday (UTC) of a moment's week. */
export function weekOf(moment: Date): Date {
  const day = Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate())
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7
  return new Date(day - sinceMonday * DAY_MS)
}

/** The last STATS_WEEKS weeks, oldest first, a week without reports as zeros. */
async function weeklyCounts(db: Db, now: Date): Promise<WeekStats[]> {
  const isoDay = (moment: Date) => moment.toISOString().slice(0, 10)
  const current = weekOf(now)
  const weeks = Array.from({ length: STATS_WEEKS }, (_, i) =>
    isoDay(new Date(current.getTime() - (STATS_WEEKS - 1 - i) * 7 * DAY_MS)),
  )
  const rows = await queryRows<{ week: string; filed: Count; resolved: Count }>(
    db,
    sql`select week::text as week, filed, resolved from report_weekly_counts
      where week >= ${weeks[0]}::date and week <= ${weeks.at(-1)}::date`,
  )
  const counted = new Map(rows.map((row) => [String(row.week), row]))
  return weeks.map((week) => ({
    week,
    filed: Number(counted.get(week)?.filed ?? 0),
    resolved: Number(counted.get(week)?.resolved ?? 0),
  }))
}

/** Where an organisation's median lies in its histogram (report_organization_medians). */
function medianOf(bucket: number | null, before: Count | null, n: Count | null, total: Count | null) {
  return bucket === null ? null : medianWithinBucket(bucket, Number(before), Number(n), Number(total))
}

/**
 * Every approved organisation with its reports, its medians and its on-time counts, one row each.
 * The triggers keep where each median lies in the histograms (report_organization_medians): a
 * thousand organisations are a thousand rows, not their whole histograms, and the domain's rule
 * interpolates within the bucket.
 */
async function organizationFigures(db: Db, deadlines: Deadlines): Promise<OrganizationStats[]> {
  const rows = await queryRows<
    {
      organization_id: string
      name: string
      managed: Count
      resolved: Count
      claim_bucket: number | null
      claim_before: Count | null
      claim_n: Count | null
      claim_total: Count | null
      resolution_bucket: number | null
      resolution_before: Count | null
      resolution_n: Count | null
      resolution_total: Count | null
    } & OnTimeColumns
  >(
    db,
    sql`select o.id as organization_id, o.name,
        coalesce(counts.managed, 0) as managed, coalesce(counts.resolved, 0) as resolved,
        claim.bucket as claim_bucket, claim.before as claim_before, claim.n as claim_n,
        claim.total as claim_total,
        resolution.bucket as resolution_bucket, resolution.before as resolution_before,
        resolution.n as resolution_n, resolution.total as resolution_total,
        coalesce(judged.resolved, 0) as judged_resolved, coalesce(judged.on_time, 0) as on_time,
        coalesce(late.n, 0) as late
      from organizations o
      left join (select organization_id, sum(n) as managed,
          sum(n) filter (where status = ${RESOLVED_STATUS}) as resolved
        from report_organization_counts group by organization_id) counts on counts.organization_id = o.id
      left join report_organization_medians claim
        on claim.organization_id = o.id and claim.measure = 'claim'
      left join report_organization_medians resolution
        on resolution.organization_id = o.id and resolution.measure = 'resolution'
      left join (select organization_id, sum(resolved) as resolved, sum(on_time) as on_time
        from report_on_time_counts where organization_id is not null group by organization_id) judged
        on judged.organization_id = o.id
      left join (select key, sum(n) as n from (${lateByOrganization(deadlines)}) rows group by key) late
        on late.key = o.id
      where o.status = 'approved'`,
  )
  return rows
    .map((row) => {
      const managed = Number(row.managed)
      const resolved = Number(row.resolved)
      return {
        organization_id: row.organization_id,
        name: row.name,
        managed,
        resolved,
        resolution_rate: shareResolved(resolved, managed),
        median_claim_hours: medianOf(row.claim_bucket, row.claim_before, row.claim_n, row.claim_total),
        median_resolution_hours: medianOf(
          row.resolution_bucket,
          row.resolution_before,
          row.resolution_n,
          row.resolution_total,
        ),
        on_time_rate: shareOnTime(onTimeCounts(row)),
      }
    })
    .sort((a, b) => b.managed - a.managed || byFrenchName(a.name, b.name))
}

/** Where the open reports are: the fullest squares of report_open_cells, each named by its commune. */
async function openReportAreas(db: Db): Promise<OpenArea[]> {
  const rows = await queryRows<{ x: number; y: number; n: Count }>(
    db,
    sql`select x, y, n from report_open_cells where n > 0 order by n desc, x, y limit ${OPEN_AREAS_MAX}`,
  )
  return rows.map((row) => {
    const latitude = (row.y + 0.5) * OPEN_CELL_DEGREES - 90
    const longitude = (row.x + 0.5) * OPEN_CELL_DEGREES - 180
    return {
      latitude: Math.round(latitude * 1e5) / 1e5,
      longitude: Math.round(longitude * 1e5) / 1e5,
      open: Number(row.n),
      commune: communeNameAt(latitude, longitude),
    }
  })
}
