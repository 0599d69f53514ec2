import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { NEARBY_RADIUS_M } from '../../domain/citizen-actions'
import { reportEvents, reportSupports, reports } from '../db/schema'
import { fileReportAs } from '../test/citizen'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'
import { distanceMetres } from './supports-repository'

let ctx: TestContext
let voirie: number
let eclairage: number
beforeAll(async () => {
  ctx = await buildTestApp()
  const categories = (await ctx.app.inject('/api/categories')).json() as { id: number; nom: string }[]
  voirie = categories.find((c) => c.nom === 'Voirie')?.id ?? 0
  eclairage = categories.find((c) => c.nom === 'Éclairage public')?.id ?? 0
})
afterAll(() => ctx.close())
beforeEach(async () => {
  await ctx.db.db.delete(reports)
})

const HERE = { latitude: 14.6928, longitude: -17.4467 }
/** A point `metres` north of HERE. */
const north = (metres: number) => ({ latitude: HERE.latitude + metres / 111_195, longitude: HERE.longitude })

function nearby(categoryId: number, token?: string) {
  return ctx.app.inject({
    url: `/api/reports/nearby?categoryId=${categoryId}&lat=${HERE.latitude}&lon=${HERE.longitude}`,
    headers: token ? { 'x-citizen-token': token } : {},
  })
}

function support(id: string, token?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/reports/${id}/supports`,
    headers: {
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(token ? { 'x-citizen-token': token } : {}),
    },
  })
}

describe('GET /api/reports/nearby', () => {
  it('lists the open reports of the same category within 100 m, closest first, public fields only', async () => {
    const at40 = await insertReport(ctx.db.db, {
      ...north(40),
      description: 'Trou à 40 m',
      address: 'Rue 10',
    })
    const at90 = await insertReport(ctx.db.db, {
      ...north(90),
      description: 'Trou à 90 m',
      status: 'en-cours',
    })
    await insertReport(ctx.db.db, { ...north(130), description: 'Trou à 130 m' })
    await insertReport(ctx.db.db, { ...north(20), description: 'Réglé', status: 'resolu' })
    await insertReport(ctx.db.db, { ...north(20), description: 'Rejeté', status: 'rejete' })
    await insertReport(ctx.db.db, {
      ...north(10),
      description: 'Autre catégorie',
      categoryName: 'Éclairage public',
    })

    const res = await nearby(voirie)
    expect(res.statusCode).toBe(200)
    const items = res.json().items
    expect(items.map((r: { id: string }) => r.id)).toEqual([at40.id, at90.id])
    expect(items[0]).toEqual({
      id: at40.id,
      type: 'Voirie',
      description: 'Trou à 40 m',
      status: 'en-attente',
      address: 'Rue 10',
      created_at: expect.any(String),
      distance_m: 40,
      supporters_count: 0,
      this_device: null,
    })
    expect(res.body).not.toContain('reporter_hash')
    expect(res.body).not.toContain('anonymous_code')
    expect(res.body).not.toContain('photo')
    expect((await nearby(eclairage)).json().items).toHaveLength(1)
  })

  it('says which reports this device filed or already supports', async () => {
    const filed = await fileReportAs(ctx.app, { categoryId: voirie })
    await ctx.db.db.update(reports).set(north(5)).where(eq(reports.id, filed.id))
    const other = await insertReport(ctx.db.db, north(15))
    expect((await support(other.id, filed.citizenToken)).statusCode).toBe(201)
    const items = (await nearby(voirie, filed.citizenToken)).json().items
    expect(items).toMatchObject([
      { id: filed.id, this_device: 'reporter' },
      { id: other.id, this_device: 'supporter', supporters_count: 1 },
    ])
  })

  it('answers an unknown or out-of-range category with nothing, and bad coordinates with 400', async () => {
    expect((await nearby(99_999_999_999)).json().items).toEqual([])
    const bad = await ctx.app.inject('/api/reports/nearby?categoryId=1&lat=95&lon=0')
    expect(bad.statusCode).toBe(400)
  })

  it('measures distances in metres on the sphere', () => {
    expect(
      Math.round(
        distanceMetres({ lat: 14.6928, lon: -17.4467 }, { lat: 14.6928 + 100 / 111_195, lon: -17.4467 }),
      ),
    ).toBe(NEARBY_RADIUS_M)
  })
})

describe('POST /api/reports/:id/supports', () => {
  it('adds this device’s support once, counts it, records it in the history and follows the report', async () => {
    const report = await insertReport(ctx.db.db, north(10))
    const first = await support(report.id)
    expect(first.statusCode).toBe(201)
    const { citizenToken, supporters_count } = first.json()
    expect(citizenToken).toMatch(/^[\w-]{43}$/)
    expect(supporters_count).toBe(1)

    const again = await support(report.id, citizenToken)
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('Vous soutenez déjà ce signalement.')
    expect(
      await ctx.db.db.select().from(reportSupports).where(eq(reportSupports.report_id, report.id)),
    ).toHaveLength(1)

    const another = await support(report.id)
    expect(another.json().supporters_count).toBe(2)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, report.id))
    expect(row?.supporters_count).toBe(2)
    const events = await ctx.db.db.select().from(reportEvents).where(eq(reportEvents.report_id, report.id))
    expect(events.filter((e) => e.kind === 'supported')).toHaveLength(2)

    const mine = await ctx.app.inject({
      url: '/api/citizen/reports',
      headers: { 'x-citizen-token': citizenToken },
    })
    expect(mine.json().items).toMatchObject([
      { id: report.id, filed_by_this_device: false, supported_by_this_device: true, supporters_count: 2 },
    ])
  })

  it('refuses the device that filed the report, a closed report, an unknown one and a token no device mints', async () => {
    const filed = await fileReportAs(ctx.app, { categoryId: voirie })
    const own = await support(filed.id, filed.citizenToken)
    expect(own.statusCode).toBe(409)
    expect(own.json().error).toMatchObject({
      message: 'Vous avez vous-même envoyé ce signalement.',
      reason: 'support.ownReport',
    })

    const resolved = await insertReport(ctx.db.db, { status: 'resolu' })
    const closed = await support(resolved.id)
    expect(closed.statusCode).toBe(409)
    expect(closed.json().error.message).toBe(
      'Ce signalement est déjà réglé ou rejeté : il ne peut plus être soutenu.',
    )

    const unknown = await support('6f1c1a4e-1111-4a4a-9a9a-000000000000')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.message).toBe('Ce signalement n’existe pas ou plus.')

    const open = await insertReport(ctx.db.db)
    expect((await support(open.id, 'D'.repeat(42))).statusCode).toBe(401)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, open.id))
    expect(row?.supporters_count).toBe(0)
  })

  it('counts two supports sent at once from two devices, and one of one device sent twice at once', async () => {
    const report = await insertReport(ctx.db.db)
    const device = (await support(report.id)).json().citizenToken
    const other = await insertReport(ctx.db.db)
    const answers = await Promise.all([
      support(other.id, device),
      support(other.id, device),
      support(other.id),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409])
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, other.id))
    expect(row?.supporters_count).toBe(2)
  })
})
