// Issue 30, point 2: the limits of the communes an administrator imports, and the recount of every
// report's commune that follows (in batches, resumable).
import { Readable } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { queryRows } from '../db/database'
import { areaRecount, areaRings, areas, reports } from '../db/schema'
import { bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'
import { recountBatch } from './boundaries'

let ctx: TestContext
let admin: Awaited<ReturnType<typeof loginAdmin>>
beforeAll(async () => {
  ctx = await buildTestApp()
  admin = await loginAdmin(ctx.app)
})
afterAll(() => ctx.close())
beforeEach(async () => {
  await ctx.db.db.delete(reports)
  await ctx.db.db.delete(areaRings)
  await ctx.db.db.delete(areaRecount)
  await ctx.db.db.update(areas).set({ boundary: null, boundary_imported_at: null })
})

const MEDINA = 3
const FASS = 4
/** Nearer Gueule Tapée-Fass-Colobane's centre than Médina's: Fass's by the centres' rule. */
const BORDER_POINT = { latitude: 14.6845, longitude: -17.452 }

/** A square of `side` degrees around a point, as GeoJSON rings go: [lon, lat], closed. */
function squareAround({ latitude, longitude }: { latitude: number; longitude: number }, side = 0.004) {
  const h = side / 2
  return [
    [longitude - h, latitude - h],
    [longitude + h, latitude - h],
    [longitude + h, latitude + h],
    [longitude - h, latitude + h],
    [longitude - h, latitude - h],
  ]
}
const feature = (name: string, rings: number[][][]) => ({
  type: 'Feature',
  properties: { name },
  geometry: { type: 'Polygon', coordinates: rings },
})
/** Médina drawn around the border point (Fass's by the centres), with a hole at its very middle. */
const MEDINA_LIMITS = {
  type: 'FeatureCollection',
  features: [feature('MEDINA', [squareAround(BORDER_POINT), squareAround(BORDER_POINT, 0.0005)])],
}

const put = (payload: unknown, session = admin) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/areas',
    payload: payload as object,
    headers: bearer(session),
  })
const areaOf = async (id: string) =>
  (await ctx.db.db.select({ area: reports.area_id }).from(reports).where(eq(reports.id, id)))[0]?.area

describe('PUT /api/admin/areas', () => {
  it('takes the limits, and every report gets the commune whose limits hold it (a hole excepted), in the background', async () => {
    const inside = await insertReport(ctx.db.db, {
      latitude: BORDER_POINT.latitude + 0.001,
      longitude: -17.452,
    })
    const inTheHole = await insertReport(ctx.db.db, BORDER_POINT)
    const elsewhere = await insertReport(ctx.db.db, { latitude: 14.7625, longitude: -17.4435 })
    expect(await areaOf(inside.id)).toBe(FASS)

    const publicStats = async () => (await ctx.app.inject('/api/public/stats')).json().area_limits_imported
    expect(await publicStats()).toBe(false)
    const res = await put(MEDINA_LIMITS)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ updated: 1 })
    // The cached public reads are dropped at once: OpenStreetMap is credited.
    expect(await publicStats()).toBe(true)
    const screen = (await ctx.app.inject({ url: '/api/admin/areas', headers: bearer(admin) })).json()
    expect(screen.recounting).toBe(true)
    const medina = screen.items.find((area: { id: number }) => area.id === MEDINA)
    expect(medina.boundary).toEqual({
      type: 'MultiPolygon',
      coordinates: [MEDINA_LIMITS.features[0]?.geometry.coordinates],
    })
    expect(medina.boundary_imported_at).toEqual(expect.any(String))
    expect(screen.items.find((area: { id: number }) => area.id === FASS).boundary).toBeNull()

    // Filed now: the limits at once.
    const filedAfter = await insertReport(ctx.db.db, {
      latitude: BORDER_POINT.latitude - 0.001,
      longitude: -17.452,
    })
    expect(await areaOf(filedAfter.id)).toBe(MEDINA)

    await ctx.app.areaRecount.runUntilDone()
    expect(await areaOf(inside.id)).toBe(MEDINA)
    expect(await areaOf(inTheHole.id)).toBe(FASS)
    expect(await areaOf(elsewhere.id)).toBe(18)
    expect(
      (await ctx.app.inject({ url: '/api/admin/areas', headers: bearer(admin) })).json().recounting,
    ).toBe(false)
    // The counts by commune follow.
    const counted = await queryRows<{ area_id: number; n: number }>(
      ctx.db.db,
      sql`select area_id, sum(n)::int as n from report_counts where n <> 0 group by 1 order by 1`,
    )
    expect(counted).toEqual([
      { area_id: MEDINA, n: 2 },
      { area_id: FASS, n: 1 },
      { area_id: 18, n: 1 },
    ])
  })

  it('goes on where it stopped: batch after batch, each its own transaction, until none is left', async () => {
    for (let i = 0; i < 5; i++) {
      await insertReport(ctx.db.db, {
        latitude: BORDER_POINT.latitude + 0.001,
        longitude: -17.452 + i * 0.0001,
      })
    }
    expect((await put(MEDINA_LIMITS)).statusCode).toBe(200)
    expect(await recountBatch(ctx.db.db, 2)).toBe('more')
    const [reached] = await ctx.db.db.select().from(areaRecount)
    expect(reached?.after_id).toEqual(expect.any(String))
    const areasNow = await ctx.db.db.select({ area: reports.area_id }).from(reports)
    expect(areasNow.filter((row) => row.area === MEDINA)).toHaveLength(2)
    // Another instance takes it from there.
    while ((await recountBatch(ctx.db.db, 2)) === 'more') {}
    expect(
      (await ctx.db.db.select({ area: reports.area_id }).from(reports)).every((row) => row.area === MEDINA),
    ).toBe(true)
    expect(await ctx.db.db.select().from(areaRecount)).toEqual([])
  })

  it('refuses a file that is no FeatureCollection, a feature of no commune or a bad geometry, naming it, and changes nothing', async () => {
    const refusals: [unknown, string][] = [
      [{ type: 'Feature' }, 'Fichier GeoJSON attendu\u202f: une FeatureCollection'],
      [
        {
          type: 'FeatureCollection',
          features: [MEDINA_LIMITS.features[0], feature('Pikine', [squareAround(BORDER_POINT)])],
        },
        'Élément 2 («\u202fPikine\u202f»)\u202f: aucune commune du département de Dakar ne porte ce nom.',
      ],
      [
        { type: 'FeatureCollection', features: [feature('Ngor', [squareAround(BORDER_POINT).slice(0, 4)])] },
        'Élément 1 («\u202fNgor\u202f»)\u202f: un de ses anneaux n’est pas fermé',
      ],
      [
        { type: 'FeatureCollection', features: [feature('Ngor', [squareAround(BORDER_POINT).slice(0, 3)])] },
        'Élément 1 («\u202fNgor\u202f»)\u202f: un de ses anneaux a moins de 4 points.',
      ],
      [
        {
          type: 'FeatureCollection',
          features: [feature('Ngor', [squareAround({ latitude: -17.45, longitude: 14.68 })])],
        },
        'Élément 1 («\u202fNgor\u202f»)\u202f: des coordonnées sont hors du Sénégal.',
      ],
      [
        {
          type: 'FeatureCollection',
          features: [{ ...feature('', [squareAround(BORDER_POINT)]), properties: {} }],
        },
        'Élément 1\u202f: il n’a pas de nom (properties.name).',
      ],
      [
        {
          type: 'FeatureCollection',
          features: [{ ...feature('Ngor', []), geometry: { type: 'Point', coordinates: [-17.51, 14.75] } }],
        },
        'Élément 1 («\u202fNgor\u202f»)\u202f: sa géométrie doit être un Polygon ou un MultiPolygon.',
      ],
    ]
    for (const [payload, message] of refusals) {
      const res = await put(payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toContain(message)
    }
    expect(await ctx.db.db.select().from(areaRings)).toEqual([])
    expect(await ctx.db.db.select().from(areaRecount)).toEqual([])
  })

  it('refuses a file over 5 MB with 400, before reading it or once read past 5 MB without its length', async () => {
    const huge = { type: 'FeatureCollection', features: [], padding: 'x'.repeat(5 * 1024 * 1024) }
    const res = await put(huge)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Le fichier de limites dépasse 5 Mo.')
    // Sent in chunks, its length unsaid (Transfer-Encoding: chunked).
    const streamed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/areas',
      payload: Readable.from([JSON.stringify(huge)]),
      headers: { ...bearer(admin), 'content-type': 'application/json' },
    })
    expect(streamed.statusCode).toBe(400)
    expect(streamed.json().error.message).toBe('Le fichier de limites dépasse 5 Mo.')
  })

  it('takes a file of real limits, far larger than the API’s other bodies', async () => {
    // A commune drawn with 2,000 points, as OpenStreetMap's limits are (some 100 KB).
    const ring = Array.from({ length: 2000 }, (_, i) => {
      const angle = (2 * Math.PI * i) / 2000
      return [
        BORDER_POINT.longitude + 0.003 * Math.cos(angle),
        BORDER_POINT.latitude + 0.003 * Math.sin(angle),
      ]
    })
    ring.push(ring[0] as number[])
    const detailed = { type: 'FeatureCollection', features: [feature('Médina', [ring])] }
    expect(JSON.stringify(detailed).length).toBeGreaterThan(32 * 1024)
    const res = await put(detailed)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ updated: 1 })
  })

  it('is the administrators’ only', async () => {
    const organization = await createOrganization(ctx.db.db)
    const session = await loginOrganization(ctx.app, organization.email)
    expect((await put(MEDINA_LIMITS, session)).statusCode).toBe(403)
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/admin/areas', payload: MEDINA_LIMITS })).statusCode,
    ).toBe(401)
  })
})
