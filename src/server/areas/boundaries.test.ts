// Issue 30, point 2: the limits of the communes an administrator imports, and the recount of every
// report's commune that follows (in batches, resumable).
import { Readable } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BOUNDARY_MAX_POINTS, BOUNDARY_MESSAGES } from '../../domain/area-boundaries'
import { queryRows } from '../db/database'
import { areaRecount, areaRings, areas, reports } from '../db/schema'
import { bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'
import { checkBoundaryFile, recountBatch } from './boundaries'

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

/**
 * Médina as a file at the limits that is slowest to check: a zigzag of BOUNDARY_MAX_POINTS points
 * between two meridians, closed along a third, whose long sides all lie side by side in the sweep.
 */
function fileAtTheLimits() {
  const rows = Math.floor((BOUNDARY_MAX_POINTS - 3) / 2)
  const [west, south, north] = [-17.455, 14.682, 14.687]
  const step = (north - south) / rows
  const zigzag = [[west, south]]
  for (let row = 0; row < rows; row++) {
    const longitude = row % 2 === 0 ? -17.449 : west + 0.0005
    zigzag.push([longitude, south + row * step], [longitude, south + (row + 0.5) * step])
  }
  zigzag.push([west, north], [west, south])
  return { type: 'FeatureCollection', features: [feature('Médina', [zigzag])] }
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

  it('refuses what stalled the server or answered 500, with a 400 in French, and changes nothing', async () => {
    // Coordinates to 5 decimals (a metre), as OpenStreetMap's exports round them: under 5 MB.
    const circle = (points: number) => {
      const ring = Array.from({ length: points - 1 }, (_, i) => {
        const angle = (2 * Math.PI * i) / (points - 1)
        return [-17.452 + 0.003 * Math.cos(angle), 14.6845 + 0.003 * Math.sin(angle)].map(
          (degrees) => Math.round(degrees * 1e5) / 1e5,
        )
      })
      return [...ring, ring[0] as number[]]
    }
    const refusals: [unknown, string][] = [
      // 200,000 points in one ring (Math.max(...200,000 longitudes) overflowed the stack).
      [
        { type: 'FeatureCollection', features: [feature('Médina', [circle(200_000)])] },
        BOUNDARY_MESSAGES.tooManyPoints,
      ],
      // 120,000 points: the server answered nothing else for 5 s.
      [
        { type: 'FeatureCollection', features: [feature('Médina', [circle(120_000)])] },
        BOUNDARY_MESSAGES.tooManyPoints,
      ],
      // 25,000 features of one commune.
      [
        {
          type: 'FeatureCollection',
          features: Array.from({ length: 25_000 }, () =>
            feature('Médina', [
              [
                [-17.45, 14.68],
                [-17.44, 14.68],
                [-17.44, 14.69],
                [-17.45, 14.68],
              ],
            ]),
          ),
        },
        BOUNDARY_MESSAGES.tooManyFeatures,
      ],
      // A bow tie: two of its sides cross.
      [
        {
          type: 'FeatureCollection',
          features: [
            feature('Médina', [
              [
                [-17.455, 14.682],
                [-17.449, 14.687],
                [-17.449, 14.682],
                [-17.455, 14.687],
                [-17.455, 14.682],
              ],
            ]),
          ],
        },
        `Élément 1 («\u202fMédina\u202f»)\u202f: ${BOUNDARY_MESSAGES.selfIntersecting}.`,
      ],
    ]
    const answers = []
    for (const [payload] of refusals) {
      expect(JSON.stringify(payload).length).toBeLessThan(5 * 1024 * 1024)
      const res = await put(payload)
      answers.push({ status: res.statusCode, message: res.json().error?.message })
    }
    expect(answers).toEqual(refusals.map(([, message]) => ({ status: 400, message })))
    expect(await ctx.db.db.select().from(areaRings)).toEqual([])
    expect(await ctx.db.db.select().from(areaRecount)).toEqual([])
  })

  it('answers /api/health while it checks a file at the limits, then takes it', async () => {
    const file = fileAtTheLimits()
    let checked = false
    const checking = checkBoundaryFile(file).finally(() => {
      checked = true
    })
    // Sent once the check has begun: answered between two of its slices, not after it.
    const health = await ctx.app.inject('/api/health')
    expect(health.statusCode).toBe(200)
    expect(checked).toBe(false)
    const read = await checking
    expect(read.ok).toBe(true)

    const res = await put(file)
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
