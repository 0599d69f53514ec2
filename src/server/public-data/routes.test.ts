import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  bucketBounds,
  durationBucket,
  PUBLIC_DATA_MESSAGES,
  PUBLIC_EXPORTS_PER_ADDRESS,
  type PublicStats,
  STATS_WEEKS,
} from '../../domain/public-data'
import { queryRows } from '../db/database'
import { areaRecount, areaRings, areas, categories, reports } from '../db/schema'
import { bearer, createOrganization, loginAdmin } from '../test/accounts'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'

// A Thursday: its week starts on Monday 2026-11-23.
const NOW = new Date('2026-11-26T12:00:00Z')
const HOUR_MS = 60 * 60 * 1000
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR_MS).toISOString()
/** Médina, a commune of Dakar (domain/communes.ts). */
const MEDINA = { latitude: 14.679, longitude: -17.4485 }

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ clock: { now: () => NOW } })
})
afterAll(() => ctx.close())
beforeEach(async () => {
  await ctx.db.db.delete(reports)
  // Rows written straight to the database publish no change: the cache is emptied by hand.
  ctx.app.readCache.invalidate()
})

async function stats(): Promise<PublicStats> {
  ctx.app.readCache.invalidate()
  const res = await ctx.app.inject({ method: 'GET', url: '/api/public/stats' })
  expect(res.statusCode).toBe(200)
  return res.json()
}

/** A report filed `filedHoursAgo`, claimed and resolved so many hours after its filing. */
async function report(options: {
  category?: string
  status?: 'en-attente' | 'en-cours' | 'resolu' | 'rejete'
  filedHoursAgo?: number
  claimedAfter?: number
  resolvedAfter?: number
  organizationId?: string
}) {
  const filed = options.filedHoursAgo ?? 24 * 60
  const at = (after: number | undefined) => (after === undefined ? null : ago(filed - after))
  return insertReport(ctx.db.db, {
    categoryName: options.category ?? 'Voirie',
    status: options.status ?? 'en-attente',
    created_at: ago(filed),
    claimed_at: at(options.claimedAfter),
    resolved_at: at(options.resolvedAfter),
    assigned_organization_id: options.organizationId ?? null,
    ...MEDINA,
  })
}

const expectWithinBucketOf = (value: number | null | undefined, hours: number) => {
  const { lower, upper } = bucketBounds(durationBucket(hours))
  expect(value).toBeGreaterThanOrEqual(lower)
  expect(value).toBeLessThanOrEqual(upper)
}

describe('GET /api/public/stats', () => {
  it('counts every category’s reports by status, and never a rejected one', async () => {
    await report({ status: 'en-attente' })
    await report({ status: 'en-cours' })
    await report({ status: 'resolu', resolvedAfter: 10 })
    await report({ status: 'rejete' })
    await report({ status: 'rejete', category: 'Propreté' })

    const body = await stats()
    const roads = body.by_category.find((category) => category.category === 'Voirie')
    expect(roads).toMatchObject({ total: 3, pending: 1, in_progress: 1, resolved: 1, resolution_rate: 33 })
    const cleanliness = body.by_category.find((category) => category.category === 'Propreté')
    expect(cleanliness).toMatchObject({ total: 0, resolved: 0, median_resolution_hours: null })
    expect(body.totals).toMatchObject({ total: 3, pending: 1, in_progress: 1, resolved: 1 })
    // Every category is listed, with or without reports.
    expect(body.by_category).toHaveLength((await ctx.db.db.select().from(categories)).length)
  })

  it('lists the categories in the French order of the report form, “Éclairage public” among the E’s', async () => {
    const body = await stats()
    const form = (await ctx.app.inject('/api/categories')).json() as { nom: string }[]
    expect(body.by_category.map((category) => category.category)).toEqual(
      form.map((category) => category.nom),
    )
    const names = body.by_category.map((category) => category.category)
    expect(names.indexOf('Éclairage public')).toBeLessThan(names.indexOf('Propreté'))
  })

  it('tells the median resolution time of a small known set, to its bucket’s precision', async () => {
    for (const hours of [2, 5, 30]) await report({ status: 'resolu', resolvedAfter: hours })
    // A rejected report resolved long ago would move the median: it is not counted.
    await report({ status: 'rejete', resolvedAfter: 900 })
    await report({ status: 'resolu', resolvedAfter: 3, category: 'Propreté' })

    const body = await stats()
    expectWithinBucketOf(body.by_category.find((c) => c.category === 'Voirie')?.median_resolution_hours, 5)
    expectWithinBucketOf(body.by_category.find((c) => c.category === 'Propreté')?.median_resolution_hours, 3)
    // Over every category: 2, 3, 5, 30 hours → between 3 and 5.
    const median = body.totals.median_resolution_hours ?? 0
    expect(median).toBeGreaterThanOrEqual(bucketBounds(durationBucket(3)).lower)
    expect(median).toBeLessThanOrEqual(bucketBounds(durationBucket(5)).upper)
  })

  it('gives each approved organisation its reports and its median hours to claim and to resolve', async () => {
    const approved = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    const pending = await createOrganization(ctx.db.db, { categories: ['Voirie'], status: 'pending' })
    await report({ status: 'en-cours', organizationId: approved.id, claimedAfter: 1 })
    await report({ status: 'resolu', organizationId: approved.id, claimedAfter: 4, resolvedAfter: 48 })
    await report({ status: 'resolu', organizationId: approved.id, claimedAfter: 10, resolvedAfter: 100 })
    await report({ status: 'rejete', organizationId: approved.id, claimedAfter: 500, resolvedAfter: 900 })

    const body = await stats()
    expect(body.by_organization.map((o) => o.organization_id)).not.toContain(pending.id)
    const figures = body.by_organization.find((o) => o.organization_id === approved.id)
    expect(figures).toMatchObject({ name: approved.name, managed: 3, resolved: 2, resolution_rate: 67 })
    expectWithinBucketOf(figures?.median_claim_hours, 4)
    // 48 and 100 hours: the median lies between them, within their buckets.
    expect(figures?.median_resolution_hours).toBeGreaterThanOrEqual(bucketBounds(durationBucket(48)).lower)
    expect(figures?.median_resolution_hours).toBeLessThanOrEqual(bucketBounds(durationBucket(100)).upper)
  })

  it('lists only the organisations managing the most reports when asked, and says how many there are', async () => {
    const busy = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    const quiet = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    await report({ status: 'en-cours', organizationId: busy.id, claimedAfter: 1 })
    await report({ status: 'en-cours', organizationId: busy.id, claimedAfter: 1 })
    await report({ status: 'en-cours', organizationId: quiet.id, claimedAfter: 1 })
    ctx.app.readCache.invalidate()
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/public/stats' })).json()
    const first = (await ctx.app.inject({ method: 'GET', url: '/api/public/stats?organizations=1' })).json()
    expect(first.by_organization.map((o: { organization_id: string }) => o.organization_id)).toEqual([
      busy.id,
    ])
    expect(first.organization_count).toBe(all.organization_count)
    expect(all.by_organization.length).toBe(all.organization_count)
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/public/stats?organizations=0' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toBe(PUBLIC_DATA_MESSAGES.badOrganizations)
  })

  it('counts the last 26 weeks’ filed and resolved reports, the current week last', async () => {
    // Filed last Monday and resolved this week; filed three weeks ago; filed a year ago.
    await report({ status: 'resolu', filedHoursAgo: 72 + 5, resolvedAfter: 24 })
    await report({ filedHoursAgo: 3 * 7 * 24 })
    await report({ filedHoursAgo: 365 * 24 })
    await report({ status: 'rejete', filedHoursAgo: 2 })

    const weeks = (await stats()).by_week
    expect(weeks).toHaveLength(STATS_WEEKS)
    expect(weeks.at(-1)).toEqual({ week: '2026-11-23', filed: 1, resolved: 1 })
    expect(weeks.at(-4)).toEqual({ week: '2026-11-02', filed: 1, resolved: 0 })
    expect(weeks[0]?.week).toBe('2026-06-01')
    expect(weeks.reduce((sum, week) => sum + week.filed, 0)).toBe(2)
  })

  it('places the open reports on the map, named by their commune', async () => {
    await report({ status: 'en-attente' })
    await report({ status: 'en-cours' })
    await report({ status: 'resolu', resolvedAfter: 3 })
    await report({ status: 'rejete' })

    const areas = (await stats()).open_by_area
    expect(areas).toHaveLength(1)
    expect(areas[0]).toMatchObject({ open: 2, commune: 'Médina' })
    expect(areas[0]?.latitude).toBeCloseTo(MEDINA.latitude, 2)
  })

  it('keeps its figures right through claims, changes of status, rejections and deletions', async () => {
    const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    const first = await report({})
    const second = await report({ status: 'en-cours', organizationId: organization.id, claimedAfter: 2 })
    await ctx.db.db
      .update(reports)
      .set({ status: 'resolu', resolved_at: ago(0) })
      .where(eq(reports.id, second.id))
    await ctx.db.db.update(reports).set({ status: 'rejete' }).where(eq(reports.id, first.id))
    await report({ status: 'resolu', organizationId: organization.id, claimedAfter: 1, resolvedAfter: 7 })
    await ctx.db.db.delete(reports).where(eq(reports.id, first.id))
    await ctx.db.db.update(reports).set({ assigned_organization_id: null }).where(eq(reports.id, second.id))

    const recounted = await queryRows<Record<string, unknown>>(
      ctx.db.db,
      sql`select
        (select json_agg(t order by t) from (select organization_id, status, n from report_organization_counts where n <> 0) t)::text as organizations,
        (select json_agg(t order by t) from (select assigned_organization_id as organization_id, status, count(*) as n from reports
          where status <> 'rejete' and assigned_organization_id is not null group by 1, 2) t)::text as organizations_counted,
        (select json_agg(t order by t) from (select category_id, bucket, n from report_resolution_hours where n <> 0) t)::text as hours,
        (select json_agg(t order by t) from (select category_id, report_duration_bucket(created_at, resolved_at) as bucket, count(*) as n
          from reports where status = 'resolu' and resolved_at is not null group by 1, 2) t)::text as hours_counted,
        (select json_agg(t order by t) from (select organization_id, measure, bucket, n from report_organization_hours where n <> 0) t)::text as organization_hours,
        (select json_agg(t order by t) from (
          select organization_id, measure, bucket, count(*) as n from (
            select assigned_organization_id as organization_id, 'claim' as measure, report_duration_bucket(created_at, claimed_at) as bucket
            from reports where status <> 'rejete' and assigned_organization_id is not null and claimed_at is not null
            union all
            select assigned_organization_id, 'resolution', report_duration_bucket(created_at, resolved_at)
            from reports where status = 'resolu' and assigned_organization_id is not null and resolved_at is not null) d
          group by 1, 2, 3) t)::text as organization_hours_counted,
        (select json_agg(t order by t) from (select organization_id, measure, bucket, before, n, total from report_organization_medians) t)::text as medians,
        (select json_agg(t order by t) from (select organization_id, measure, bucket, through - n as before, n, total from (
          select organization_id, measure, bucket, n,
            sum(n) over (partition by organization_id, measure order by bucket) as through,
            sum(n) over (partition by organization_id, measure) as total
          from report_organization_hours where n > 0) c
          where 2 * through >= total and 2 * (through - n) < total) t)::text as medians_counted,
        (select json_agg(t order by t) from (select x, y, n from report_open_cells where n <> 0) t)::text as cells,
        (select json_agg(t order by t) from (select floor((longitude + 180) / (360 / 65536.0))::int as x,
          floor((latitude + 90) / (360 / 65536.0))::int as y, count(*) as n from reports
          where status in ('en-attente', 'en-cours') group by 1, 2) t)::text as cells_counted`,
    )
    const [row] = recounted
    expect(row?.organizations).toEqual(row?.organizations_counted)
    expect(row?.hours).toEqual(row?.hours_counted)
    expect(row?.organization_hours).toEqual(row?.organization_hours_counted)
    expect(row?.cells).toEqual(row?.cells_counted)
    expect(row?.medians).toEqual(row?.medians_counted)
    expect(row?.medians).not.toBeNull()
    expect((await stats()).totals).toMatchObject({ total: 2, resolved: 2 })
  })

  it('forgets an organisation’s medians once it manages no report any more', async () => {
    const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    const managed = await report({
      status: 'resolu',
      organizationId: organization.id,
      claimedAfter: 2,
      resolvedAfter: 9,
    })
    const medians = () =>
      queryRows<{ measure: string }>(
        ctx.db.db,
        sql`select measure from report_organization_medians where organization_id = ${organization.id} order by measure`,
      )
    expect((await medians()).map((row) => row.measure)).toEqual(['claim', 'resolution'])
    await ctx.db.db.update(reports).set({ assigned_organization_id: null }).where(eq(reports.id, managed.id))
    expect(await medians()).toEqual([])
    const figures = (await stats()).by_organization.find((o) => o.organization_id === organization.id)
    expect(figures).toMatchObject({ managed: 0, median_claim_hours: null, median_resolution_hours: null })
  })

  describe('the on-time rate', () => {
    /**
     * Voirie, by the default targets (claimed within 48 hours, resolved within 336): one report
     * resolved in time and one late, one claimed and unresolved past its target, two waiting to be
     * claimed on either side of their deadline (the test's deadline falls at noon), and what is
     * never late (in progress in time, resolved in time, rejected long ago).
     */
    async function voirieReports(organizationId: string) {
      await report({ status: 'resolu', organizationId, claimedAfter: 1, resolvedAfter: 50 })
      await report({ status: 'resolu', organizationId, claimedAfter: 1, resolvedAfter: 400 })
      await report({ status: 'en-cours', organizationId, filedHoursAgo: 500, claimedAfter: 1 })
      await report({ status: 'en-cours', organizationId, filedHoursAgo: 10, claimedAfter: 1 })
      await report({ status: 'en-attente', filedHoursAgo: 49 })
      await report({ status: 'en-attente', filedHoursAgo: 47 })
      await report({ status: 'rejete', filedHoursAgo: 1000 })
    }
    const voirie = (body: PublicStats) => body.by_category.find((c) => c.category === 'Voirie')
    const ofOrganization = (body: PublicStats, id: string) =>
      body.by_organization.find((o) => o.organization_id === id)

    it('is the share resolved within the target, of the resolved and the open past their target', async () => {
      const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
      const idle = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
      await voirieReports(organization.id)

      const body = await stats()
      // 1 in time ÷ (2 resolved + 1 unresolved past 336 h + 1 unclaimed past 48 h).
      expect(voirie(body)?.on_time_rate).toBe(25)
      // The organisation answers for what it manages: 1 ÷ (2 resolved + 1 past its target).
      expect(ofOrganization(body, organization.id)?.on_time_rate).toBe(33)
      expect(body.totals.on_time_rate).toBe(25)
      // Nothing resolved and nothing late: no rate at all, rather than 0 %.
      expect(ofOrganization(body, idle.id)?.on_time_rate).toBeNull()
      expect(body.by_category.find((c) => c.category === 'Propreté')?.on_time_rate).toBeNull()
    })

    it('follows a category’s new target at once, for the resolved reports as for the open ones', async () => {
      const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
      await voirieReports(organization.id)
      const [roads] = await ctx.db.db.select().from(categories).where(eq(categories.nom, 'Voirie'))
      const setTargets = async (targets: { claim_target_hours: number; resolve_target_hours: number }) => {
        const res = await ctx.app.inject({
          method: 'PATCH',
          url: `/api/admin/categories/${roads?.id}`,
          headers: bearer(await loginAdmin(ctx.app)),
          payload: targets,
        })
        expect(res.statusCode).toBe(200)
      }
      try {
        // Resolved within 30 hours: neither resolution was; the report in progress for 10 hours is not late.
        await setTargets({ claim_target_hours: 24, resolve_target_hours: 30 })
        let body = await stats()
        expect(voirie(body)?.on_time_rate).toBe(0)
        // Resolved within 500 hours: both were; the one waiting for 500 hours is not late yet.
        await setTargets({ claim_target_hours: 100, resolve_target_hours: 500 })
        body = await stats()
        expect(voirie(body)?.on_time_rate).toBe(100)
        expect(ofOrganization(body, organization.id)?.on_time_rate).toBe(100)
      } finally {
        await setTargets({ claim_target_hours: 48, resolve_target_hours: 336 })
      }
      expect(voirie(await stats())?.on_time_rate).toBe(25)
    })

    it('keeps its counts equal to a recount through resolutions, reopenings, moves and deletions', async () => {
      const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
      const other = await createOrganization(ctx.db.db, { categories: ['Voirie', 'Propreté'] })
      const late = await report({ status: 'en-cours', organizationId: organization.id, filedHoursAgo: 400 })
      const quick = await report({
        status: 'resolu',
        organizationId: organization.id,
        filedHoursAgo: 10,
        resolvedAfter: 5,
      })
      const gone = await report({ status: 'resolu', organizationId: other.id, resolvedAfter: 500 })
      await ctx.db.db
        .update(reports)
        .set({ status: 'resolu', resolved_at: ago(0) })
        .where(eq(reports.id, late.id))
      await ctx.db.db
        .update(reports)
        .set({ status: 'en-attente', resolved_at: null })
        .where(eq(reports.id, quick.id))
      await ctx.db.db
        .update(reports)
        .set({ status: 'resolu', resolved_at: ago(1) })
        .where(eq(reports.id, quick.id))
      await ctx.db.db
        .update(reports)
        .set({
          assigned_organization_id: other.id,
          category_id: sql`(select id from categorie where nom = 'Propreté')`,
        })
        .where(eq(reports.id, late.id))
      await ctx.db.db.update(reports).set({ status: 'rejete' }).where(eq(reports.id, gone.id))
      await report({ status: 'resolu', resolvedAfter: 3 })
      await ctx.db.db.delete(reports).where(eq(reports.id, gone.id))

      const [row] = await queryRows<{ kept: string | null; counted: string | null }>(
        ctx.db.db,
        sql`select
          (select json_agg(t order by t) from (select category_id, organization_id, resolved, on_time
            from report_on_time_counts where resolved <> 0 or on_time <> 0) t)::text as kept,
          (select json_agg(t order by t) from (select r.category_id, r.assigned_organization_id as organization_id,
            count(*) as resolved, count(*) filter (where r.resolved_at - r.created_at <= c.resolve_target_hours * interval '1 hour') as on_time
            from reports r join categorie c on c.id = r.category_id
            where r.status = 'resolu' and r.resolved_at is not null group by 1, 2) t)::text as counted`,
      )
      expect(row?.kept).not.toBeNull()
      expect(row?.kept).toEqual(row?.counted)
      const body = await stats()
      // The late report, resolved after 400 hours, now belongs to the other organisation; the
      // quick one is back within its target; an unassigned resolution counts for its category only.
      expect(ofOrganization(body, other.id)?.on_time_rate).toBe(0)
      expect(ofOrganization(body, organization.id)?.on_time_rate).toBe(100)
      expect(voirie(body)?.on_time_rate).toBe(100)
    })
  })

  it('says whether the communes’ limits were imported, for the page to credit OpenStreetMap', async () => {
    expect((await stats()).area_limits_imported).toBe(false)
    // Médina as a square around its centre, [longitude, latitude] as GeoJSON orders them.
    const [lon, lat, h] = [MEDINA.longitude, MEDINA.latitude, 0.004]
    const medina = [
      [lon - h, lat - h],
      [lon + h, lat - h],
      [lon + h, lat + h],
      [lon - h, lat + h],
      [lon - h, lat - h],
    ]
    try {
      const imported = await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/areas',
        headers: bearer(await loginAdmin(ctx.app)),
        payload: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: { name: 'Médina' },
              geometry: { type: 'Polygon', coordinates: [medina] },
            },
          ],
        },
      })
      expect(imported.statusCode).toBe(200)
      expect((await stats()).area_limits_imported).toBe(true)
    } finally {
      // The other tests count communes by their centres.
      await ctx.db.db.delete(areaRecount)
      await ctx.db.db.delete(areaRings)
      await ctx.db.db.update(areas).set({ boundary: null, boundary_imported_at: null })
    }
  })

  it('puts a duration in the same bucket in the database as in the domain', async () => {
    const hours = [0, 0.5, 1, 1.19, 2, 3, 5, 24, 47.9, 48, 100, 1000, 70000]
    const rows = await queryRows<{ bucket: number }>(
      ctx.db.db,
      sql`select report_duration_bucket(${NOW.toISOString()}::timestamptz,
          ${NOW.toISOString()}::timestamptz + h * interval '1 hour') as bucket
        from unnest(${sql.raw(`array[${hours.join(',')}]::float8[]`)}) with ordinality as u(h, i) order by i`,
    )
    expect(rows.map((row) => Number(row.bucket))).toEqual(hours.map(durationBucket))
  })
})

describe('GET /api/public/reports.csv and reports.geojson', () => {
  async function someReports() {
    const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    const resolved = await report({
      status: 'resolu',
      organizationId: organization.id,
      claimedAfter: 2,
      resolvedAfter: 20,
      filedHoursAgo: 10 * 24,
    })
    const pending = await report({ category: 'Propreté', filedHoursAgo: 24 })
    const rejected = await report({ status: 'rejete' })
    await ctx.db.db
      .update(reports)
      .set({
        photo_url: '/files/photo-secrete.jpg',
        audio_url: '/files/voix.webm',
        reporter_hash: 'empreinte',
      })
      .where(eq(reports.id, resolved.id))
    return { organization, resolved, pending, rejected }
  }

  it('gives every public report as a GeoJSON point with its public fields only', async () => {
    const { organization, resolved, pending, rejected } = await someReports()
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/reports.geojson' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/geo+json')
    const collection = res.json()
    expect(collection.type).toBe('FeatureCollection')
    expect(collection.features.map((f: { id: string }) => f.id)).toEqual([pending.id, resolved.id])
    const feature = collection.features.find((f: { id: string }) => f.id === resolved.id)
    expect(feature).toEqual({
      type: 'Feature',
      id: resolved.id,
      geometry: { type: 'Point', coordinates: [MEDINA.longitude, MEDINA.latitude] },
      properties: {
        category: 'Voirie',
        status: 'resolu',
        description: resolved.description,
        commune: 'Médina',
        created_at: ago(10 * 24),
        claimed_at: ago(10 * 24 - 2),
        resolved_at: ago(10 * 24 - 20),
        organization: organization.name,
      },
    })
    for (const secret of [resolved.anonymous_code, 'photo-secrete', 'voix.webm', 'empreinte', rejected.id])
      expect(res.body).not.toContain(secret)
  })

  it('gives the same reports as a CSV with French headers and no code, media or device', async () => {
    const { resolved, pending, rejected } = await someReports()
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/reports.csv' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toContain('signalements-publics-2026-11-26.csv')
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(header).toBe(
      'Identifiant;Catégorie;Statut;Description;Commune;Latitude;Longitude;Date de création;Date de prise en charge;Date de résolution;Organisation',
    )
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain(pending.id)
    expect(lines[1]).toContain(`${resolved.id};Voirie;Résolu;`)
    expect(lines[1]).toContain(';Médina;')
    for (const secret of [resolved.anonymous_code, 'photo-secrete', 'voix.webm', 'empreinte', rejected.id])
      expect(res.body).not.toContain(secret)
  })

  it('filters by category, status and day of filing', async () => {
    const { resolved, pending } = await someReports()
    const [cleanliness] = await ctx.db.db.select().from(categories).where(eq(categories.nom, 'Propreté'))
    const ids = async (query: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/public/reports.geojson?${query}` }))
        .json()
        .features.map((f: { id: string }) => f.id)
    expect(await ids(`category=${cleanliness?.id}`)).toEqual([pending.id])
    expect(await ids('status=resolu')).toEqual([resolved.id])
    expect(await ids('status=en-attente')).toEqual([pending.id])
    expect(await ids(`since=${ago(3 * 24).slice(0, 10)}`)).toEqual([pending.id])
    expect(await ids('since=2020-01-01&status=en-cours')).toEqual([])
    // Days before any report, down to year 0 (which PostgreSQL has not: the export broke off
    // half-sent, found by fuzzing), give every report.
    const all = (await ids('')).sort()
    for (const since of ['1900-01-01', '0001-01-01', '0000-01-01', '0001-01-01T00:00:00%2B01:00'])
      expect({ since, ids: (await ids(`since=${since}`)).sort() }).toEqual({ since, ids: all })
  })

  it.each([
    ['category=voirie', PUBLIC_DATA_MESSAGES.badCategory],
    ['status=rejete', PUBLIC_DATA_MESSAGES.badStatus],
    ['since=hier', PUBLIC_DATA_MESSAGES.badSince],
    // Dates JavaScript reads but that are no day: they made the check itself throw (a 500).
    ['since=1', PUBLIC_DATA_MESSAGES.badSince],
    ['since=2026-1-1', PUBLIC_DATA_MESSAGES.badSince],
  ])('answers ?%s with 400 and a French message', async (query, message) => {
    for (const format of ['csv', 'geojson']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/public/reports.${format}?${query}` })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe(message)
    }
  })

  it('limits the downloads of one address (per format), with a French message', async () => {
    const download = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/public/reports.csv',
        headers: { 'x-forwarded-for': '10.9.9.9' },
      })
    for (let i = 0; i < PUBLIC_EXPORTS_PER_ADDRESS; i++) expect((await download()).statusCode).toBe(200)
    const refused = await download()
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toBe(PUBLIC_DATA_MESSAGES.tooManyExports)
  })

  it('streams thousands of reports in batches, all of them once', async () => {
    await ctx.db.db.execute(sql`
      insert into reports (anonymous_code, category_id, type, latitude, longitude, created_at)
      select 'BULK' || g, c.id, c.nom, 14.69, -17.45, now() - g * interval '1 minute'
      from generate_series(1, 5200) g, (select id, nom from categorie order by id limit 1) c`)
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/reports.geojson' })
    const ids = res.json().features.map((f: { id: string }) => f.id)
    expect(ids).toHaveLength(5200)
    expect(new Set(ids).size).toBe(5200)
  })
})

describe('GET /api/docs', () => {
  it('describes the public statistics and the open-data exports with their filters', async () => {
    const doc = (await ctx.app.inject('/api/docs')).json()
    expect(doc.paths['/api/public/stats'].get.responses['200']).toBeDefined()
    for (const path of ['/api/public/reports.csv', '/api/public/reports.geojson']) {
      expect(doc.paths[path].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
        'category',
        'since',
        'status',
      ])
    }
  })
})
