import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { queryRows } from '../db/database'
import { organizations, reports } from '../db/schema'
import { bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'

// The count tables and the map cells are kept by triggers (migration 0002_read_models): after any
// change, through the routes or straight in SQL, they must equal what counting the reports gives.
let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())
beforeEach(async () => {
  await ctx.db.db.delete(reports)
})

async function rows(query: ReturnType<typeof sql>) {
  return (await queryRows<Record<string, unknown>>(ctx.db.db, query)).map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === 'number' ? String(Number(value.toFixed(6))) : String(value),
      ]),
    ),
  )
}

/** The read models as the triggers left them, and as counting the reports now gives them. */
async function expectReadModelsToMatchTheReports() {
  const kept = await rows(sql`
    select category_id, status, priority, assigned, area_id, n, resolved_n, resolution_seconds::float8 as seconds
    from report_counts where n <> 0 or resolved_n <> 0 order by 1, 2, 3, 4, 5`)
  const counted = await rows(sql`
    select category_id, status, priority, assigned_organization_id is not null as assigned,
      coalesce(area_id, 0) as area_id, count(*) as n,
      count(*) filter (where status = 'resolu' and resolved_at is not null) as resolved_n,
      coalesce(sum(extract(epoch from resolved_at - created_at)::float8) filter (where status = 'resolu' and resolved_at is not null), 0)::float8 as seconds
    from reports group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`)
  expect(kept).toEqual(counted)

  expect(
    await rows(sql`
      select day, category_id, status, priority, assigned, n from report_daily_counts
      where n <> 0 order by 1, 2, 3, 4, 5`),
  ).toEqual(
    await rows(sql`
      select (created_at at time zone 'UTC')::date as day, category_id, status, priority,
        assigned_organization_id is not null as assigned, count(*) as n
      from reports group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
  )

  expect(
    await rows(sql`
      select category_id, area_id, day, n from report_available_days where n <> 0 order by 1, 2, 3`),
  ).toEqual(
    await rows(sql`
      select category_id, coalesce(area_id, 0) as area_id, (created_at at time zone 'UTC')::date as day,
        count(*) as n
      from reports where assigned_organization_id is null and status <> 'rejete'
      group by 1, 2, 3 order by 1, 2, 3`),
  )

  expect(
    await rows(sql`
      select area_id, status, priority, day, n from report_area_days where n <> 0 order by 1, 2, 3, 4`),
  ).toEqual(
    await rows(sql`
      select coalesce(area_id, 0) as area_id, status, priority, (created_at at time zone 'UTC')::date as day,
        count(*) as n
      from reports group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  )

  expect(
    await rows(sql`
      select z, x, y, n, lat_sum::float8 as lat, lon_sum::float8 as lon from report_map_cells
      where n <> 0 order by 1, 2, 3`),
  ).toEqual(
    await rows(sql`
      select z, floor((longitude + 180) / (360 / power(2, z)))::int as x,
        floor((latitude + 90) / (360 / power(2, z)))::int as y, count(*) as n,
        sum(latitude)::float8 as lat, sum(longitude)::float8 as lon
      from reports cross join generate_series(8, 21) as z where status <> 'rejete'
      group by 1, 2, 3 order by 1, 2, 3`),
  )
}

describe('read models of the reports', () => {
  it('follow filings, claims, status and priority changes, rejections and deletions', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString()
    for (let i = 0; i < 12; i++) {
      await insertReport(ctx.db.db, {
        created_at: hoursAgo(i * 20),
        categoryName: i % 2 ? 'Voirie' : 'Propreté',
        priority: i % 3 ? 'normal' : 'urgent',
        latitude: 14.66 + i * 0.01,
        longitude: -17.5 + i * 0.005,
        ...(i % 4 === 0 ? { status: 'resolu', resolved_at: hoursAgo(i * 20 - 5) } : {}),
      })
    }
    await expectReadModelsToMatchTheReports()

    const org = await createOrganization(ctx.db.db, { categories: ['Voirie', 'Propreté'] })
    const session = await loginOrganization(ctx.app, org.email)
    const admin = await loginAdmin(ctx.app)
    const [voirie] = await ctx.db.db.select().from(reports).where(eq(reports.type, 'Voirie')).limit(1)
    const filed = await fileReportAs(ctx.app, { categoryId: voirie?.category_id })
    const second = await fileReportAs(ctx.app, { categoryId: voirie?.category_id })
    const act = async (
      method: 'POST' | 'PATCH',
      url: string,
      payload?: Record<string, unknown>,
      who = session,
    ) => {
      const res = await ctx.app.inject({ method, url, payload, headers: bearer(who) })
      expect(res.statusCode).toBe(200)
    }
    await act('POST', `/api/org/reports/${filed.id}/claim`)
    await act('PATCH', `/api/org/reports/${filed.id}`, { status: 'resolu' })
    await act('POST', `/api/org/reports/${second.id}/claim`)
    await act(
      'PATCH',
      `/api/admin/reports/${second.id}`,
      { priority: 'high', status: 'rejete', reason: 'Doublon d’un signalement déjà pris en charge.' },
      admin,
    )
    await expectReadModelsToMatchTheReports()

    // Straight in SQL: a move, a bulk update, an organisation removed (its reports unassigned),
    // deletions.
    await ctx.db.db
      .update(reports)
      .set({ latitude: 14.75, longitude: -17.41 })
      .where(eq(reports.id, filed.id))
    await ctx.db.db.update(reports).set({ priority: 'low' }).where(eq(reports.category_id, 1))
    // Communes given again, as after an import of boundaries; an update that changes nothing counted.
    await ctx.db.db.update(reports).set({ area_id: 18 }).where(eq(reports.category_id, 1))
    await ctx.db.db.update(reports).set({ supporters_count: 3 })
    await ctx.db.db.update(reports).set({ status: 'en-attente' }).where(eq(reports.id, second.id))
    await ctx.db.db.delete(organizations).where(eq(organizations.id, org.id))
    const some = await ctx.db.db.select({ id: reports.id }).from(reports).limit(3)
    await ctx.db.db.delete(reports).where(
      inArray(
        reports.id,
        some.map((r) => r.id),
      ),
    )
    await expectReadModelsToMatchTheReports()

    await ctx.db.db.execute(sql`truncate reports cascade`)
    await insertReport(ctx.db.db)
    await expectReadModelsToMatchTheReports()
  })

  it('computes the week from whole days and the part of its first day', async () => {
    const now = new Date()
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString()
    const weekMinutes = 7 * 24 * 60
    // Just inside and just outside the week, on the same day seven days ago (UTC).
    await insertReport(ctx.db.db, { created_at: minutesAgo(weekMinutes - 1) })
    await insertReport(ctx.db.db, { created_at: minutesAgo(weekMinutes + 1) })
    await insertReport(ctx.db.db, { created_at: minutesAgo(3 * 24 * 60) })
    await insertReport(ctx.db.db, { created_at: minutesAgo(1) })
    const admin = await loginAdmin(ctx.app)
    const stats = (await ctx.app.inject({ url: '/api/admin/stats', headers: bearer(admin) })).json()
    const startOfToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    const today = [minutesAgo(1)].filter((t) => new Date(t) >= startOfToday).length
    expect(stats.week_reports).toBe(3)
    expect(stats.today_reports).toBe(today)
    expect(stats.total_reports).toBe(4)
  })
})
