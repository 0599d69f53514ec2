import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../test/helper'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

describe('GET /api/categories', () => {
  it('lists the default categories in French alphabetical order', async () => {
    const res = await ctx.app.inject('/api/categories')
    expect(res.statusCode).toBe(200)
    expect(res.json().map((c: { nom: string }) => c.nom)).toEqual([
      'Assainissement',
      'Autre',
      'Éclairage public',
      'Propreté',
      'Voirie',
    ])
    expect(res.json()[0]).toEqual({ id: expect.any(Number), nom: 'Assainissement' })
  })
})
