import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAP_MAX_POINTS } from '../../domain/map'
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

const DAKAR_VIEW = '-17.55,14.65,-17.35,14.80'

describe('GET /api/reports/map', () => {
  it('returns the public reports in view with type, status and date', async () => {
    const inView = await insertReport(ctx.db.db, { latitude: 14.7, longitude: -17.45, status: 'en-cours' })
    await insertReport(ctx.db.db, { latitude: 14.71, longitude: -17.44, status: 'rejete' })
    await insertReport(ctx.db.db, { latitude: 16.02, longitude: -16.5 })
    const res = await ctx.app.inject(`/api/reports/map?bbox=${DAKAR_VIEW}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      points: [
        {
          id: inView.id,
          type: 'Voirie',
          status: 'en-cours',
          created_at: new Date(inView.created_at).toISOString(),
          latitude: 14.7,
          longitude: -17.45,
          location_precision: 'point',
        },
      ],
      clusters: [],
    })
  })

  it('tells a report known only by its commune (by SMS), for the map to draw its circle', async () => {
    const bySms = await insertReport(ctx.db.db, {
      latitude: 14.6795,
      longitude: -17.447,
      channel: 'sms',
      location_precision: 'commune',
    })
    const body = (await ctx.app.inject(`/api/reports/map?bbox=${DAKAR_VIEW}`)).json()
    expect(body.points).toEqual([expect.objectContaining({ id: bySms.id, location_precision: 'commune' })])
  })

  it('groups the reports when there are too many to send one by one', async () => {
    const values = Array.from({ length: MAP_MAX_POINTS + 50 }, (_, i) => ({
      latitude: 14.66 + (i % 20) * 0.006,
      longitude: -17.54 + Math.floor(i / 20) * 0.006,
    }))
    for (const value of values) await insertReport(ctx.db.db, value)
    const body = (await ctx.app.inject(`/api/reports/map?bbox=${DAKAR_VIEW}`)).json()
    expect(body.points).toEqual([])
    expect(body.clusters.length).toBeGreaterThan(1)
    expect(body.clusters.length).toBeLessThan(MAP_MAX_POINTS)
    expect(body.clusters.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(values.length)
  })

  it('sends the reports one by one when no more than the limit are in view, however many just outside', async () => {
    const inside = Array.from({ length: MAP_MAX_POINTS }, () => ({ latitude: 14.7, longitude: -17.3501 }))
    const outside = Array.from({ length: 100 }, () => ({ latitude: 14.7, longitude: -17.3499 }))
    for (const value of [...inside, ...outside]) await insertReport(ctx.db.db, value)
    const body = (await ctx.app.inject(`/api/reports/map?bbox=${DAKAR_VIEW}`)).json()
    expect(body.clusters).toEqual([])
    expect(body.points).toHaveLength(MAP_MAX_POINTS)
    expect(body.points.every((p: { longitude: number }) => p.longitude === -17.3501)).toBe(true)
  })

  it.each(['', '1,2,3', 'a,b,c,d', '-17.3,14.6,-17.5,14.8', '-200,14,-17,15'])(
    'refuses bbox=%s with 400',
    async (bbox) => {
      const res = await ctx.app.inject(`/api/reports/map?bbox=${bbox}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('invalid_input')
    },
  )
})
