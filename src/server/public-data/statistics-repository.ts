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
  shareResolved,
  type WeekStats,
} from '../../domain/public-data'
import { CLAIMED_STATUS, FILED_STATUS, RESOLVED_STATUS } from '../../domain/report-states'
import { boundariesImported } from '../areas/boundaries'
import { frenchOrder } from '../categories/repository'
import { type Db, queryRows } from '../db/database'
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
  const [categories, histograms, weeks, organizations, openAreas, limitsImported] = await Promise.all([
    categoryCounts(db),
    resolutionHistograms(db),
    weeklyCounts(db, now),
    organizationFigures(db),
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
      }
    })
  const sum = (key: 'total' | 'pending' | 'in_progress' | 'resolved') =>
    byCategory.reduce((total, category) => total + category[key], 0)
  return {
    totals: {
      total: sum('total'),
      pending: sum('pending'),
      in_progress: sum('in_progress'),
      resolved: sum('resolved'),
      resolution_rate: shareResolved(sum('resolved'), sum('total')),
      median_resolution_hours: medianFromBuckets([...histograms.values()].flat()),
    },
    by_category: byCategory,
    by_week: weeks,
    by_organization: organizations,
    organization_count: organizations.length,
    open_by_area: openAreas,
    area_limits_imported: limitsImported,
  }
}

/** Every category, with its public reports per status (report_counts). */
function categoryCounts(db: Db) {
  return queryRows<{
    category_id: number
    category: string
    pending: Count
    in_progress: Count
    resolved: Count
  }>(
    db,
    sql`select c.id as category_id, c.nom as category,
        coalesce(sum(rc.n) filter (where rc.status = ${FILED_STATUS}), 0) as pending,
        coalesce(sum(rc.n) filter (where rc.status = ${CLAIMED_STATUS}), 0) as in_progress,
        coalesce(sum(rc.n) filter (where rc.status = ${RESOLVED_STATUS}), 0) as resolved
      from categorie c left join report_counts rc on rc.category_id = c.id and ${publicStatus}
      group by c.id, c.nom
      order by c.nom, c.id`,
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

/**
 * Every approved organisation with its reports and its medians. The triggers keep where each
 * median lies in the histograms (report_organization_medians): a thousand organisations are two
 * thousand rows, not their whole histograms, and the domain's rule interpolates within the bucket.
 */
async function organizationFigures(db: Db): Promise<OrganizationStats[]> {
  const [counts, medians] = await Promise.all([
    queryRows<{ organization_id: string; name: string; managed: Count; resolved: Count }>(
      db,
      sql`select o.id as organization_id, o.name,
          coalesce(sum(c.n), 0) as managed,
          coalesce(sum(c.n) filter (where c.status = ${RESOLVED_STATUS}), 0) as resolved
        from organizations o left join report_organization_counts c on c.organization_id = o.id
        where o.status = 'approved'
        group by o.id, o.name`,
    ),
    queryRows<{
      organization_id: string
      measure: string
      bucket: number
      before: Count
      n: Count
      total: Count
    }>(db, sql`select organization_id, measure, bucket, before, n, total from report_organization_medians`),
  ])
  const median = new Map(
    medians.map((row) => [
      `${row.organization_id}:${row.measure}`,
      medianWithinBucket(Number(row.bucket), Number(row.before), Number(row.n), Number(row.total)),
    ]),
  )
  return counts
    .map((row) => {
      const managed = Number(row.managed)
      const resolved = Number(row.resolved)
      return {
        organization_id: row.organization_id,
        name: row.name,
        managed,
        resolved,
        resolution_rate: shareResolved(resolved, managed),
        median_claim_hours: median.get(`${row.organization_id}:claim`) ?? null,
        median_resolution_hours: median.get(`${row.organization_id}:resolution`) ?? null,
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
