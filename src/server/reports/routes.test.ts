import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { reports } from '../db/schema'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())
beforeEach(async () => {
  await ctx.db.db.delete(reports)
  // Rows written straight to the database bypass the events that empty the read cache.
  ctx.app.readCache.invalidate()
})

describe('GET /api/reports/recent', () => {
  it('returns an empty list when nothing was reported', async () => {
    const res = await ctx.app.inject('/api/reports/recent')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })

  it('returns the 5 newest reports, newest first, with their public fields only', async () => {
    for (let day = 1; day <= 7; day++) {
      await insertReport(ctx.db.db, {
        description: `Nid-de-poule du jour ${day}`,
        created_at: `2026-11-0${day}T10:00:00Z`,
        address: day === 7 ? 'Avenue Cheikh Anta Diop' : null,
        reporter_hash: 'secret-device-hash',
      })
    }
    const res = await ctx.app.inject('/api/reports/recent')
    const body = res.json()
    expect(body).toHaveLength(5)
    expect(body.map((r: { description: string }) => r.description)).toEqual([
      'Nid-de-poule du jour 7',
      'Nid-de-poule du jour 6',
      'Nid-de-poule du jour 5',
      'Nid-de-poule du jour 4',
      'Nid-de-poule du jour 3',
    ])
    expect(body[0]).toEqual({
      id: expect.any(String),
      type: 'Voirie',
      description: 'Nid-de-poule du jour 7',
      status: 'en-attente',
      created_at: '2026-11-07T10:00:00.000Z',
      address: 'Avenue Cheikh Anta Diop',
      department: 'Dakar',
    })
    expect(res.body).not.toContain('secret-device-hash')
  })

  it('never shows a rejected report', async () => {
    await insertReport(ctx.db.db, { description: 'Publicité abusive', status: 'rejete' })
    await insertReport(ctx.db.db, {
      description: 'Lampadaire éteint rue 10',
      categoryName: 'Éclairage public',
    })
    const body = (await ctx.app.inject('/api/reports/recent')).json()
    expect(body.map((r: { description: string }) => r.description)).toEqual(['Lampadaire éteint rue 10'])
  })
})

describe('GET /api/reports/count', () => {
  it('counts the public reports', async () => {
    await insertReport(ctx.db.db)
    await insertReport(ctx.db.db, { status: 'resolu' })
    await insertReport(ctx.db.db, { status: 'rejete' })
    const res = await ctx.app.inject('/api/reports/count')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ count: 2 })
  })
})
