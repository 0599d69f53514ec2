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
    expect(res.json()[0]).toEqual({
      id: expect.any(Number),
      nom: 'Assainissement',
      translations: { en: 'Sanitation', wo: 'Tuyo ak ndox mu ñaaw' },
    })
  })

  it('gives every default category its English and Wolof names', async () => {
    const res = await ctx.app.inject('/api/categories')
    expect(
      Object.fromEntries(
        res.json().map((c: { nom: string; translations: object }) => [c.nom, c.translations]),
      ),
    ).toEqual({
      Assainissement: { en: 'Sanitation', wo: 'Tuyo ak ndox mu ñaaw' },
      Autre: { en: 'Other', wo: 'Yeneen' },
      'Éclairage public': { en: 'Street lighting', wo: 'Leeru mbedd yi' },
      Propreté: { en: 'Cleanliness', wo: 'Set-setal' },
      Voirie: { en: 'Roads', wo: 'Mbedd yi' },
    })
  })
})
