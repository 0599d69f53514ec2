import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'

// Two server instances on one database, as behind a load balancer: the home page's reads are
// cached by each, and a change made through either must reach what both serve.
let first: Awaited<ReturnType<typeof buildTestApp>>
let second: TestContext
beforeAll(async () => {
  first = await buildTestApp()
  second = await buildTestApp({ sameDatabaseAs: { testDb: first.testDb, config: first.config } })
})
afterAll(async () => {
  await second.close()
  await first.close()
})

const DAKAR = '-17.55,14.65,-17.35,14.80'

async function publicReads(ctx: TestContext) {
  const [count, recent, map] = await Promise.all([
    ctx.app.inject('/api/reports/count'),
    ctx.app.inject('/api/reports/recent'),
    ctx.app.inject(`/api/reports/map?bbox=${DAKAR}`),
  ])
  for (const res of [count, recent, map]) {
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
  }
  return {
    count: (count.json() as { count: number }).count,
    recent: recent.json() as { id: string; status: string }[],
    map: map.json() as { points: { id: string; status: string }[] },
  }
}

/** What the second instance serves, once it satisfies `expectation` (notifications are asynchronous). */
async function secondEventually(expectation: (reads: Awaited<ReturnType<typeof publicReads>>) => void) {
  const deadline = Date.now() + 5000
  for (;;) {
    const reads = await publicReads(second)
    try {
      expectation(reads)
      return reads
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
}

describe('the read cache of the public reads (count, recent, map)', () => {
  it('follows a filing, a claim and a rejection made on another instance', async () => {
    const before = await publicReads(second)

    // Written behind the app's back, without an event: the cache does not see it...
    const unseen = await insertReport(first.db.db, { latitude: 14.69, longitude: -17.44 })
    const cached = await publicReads(second)
    expect(cached.count).toBe(before.count)
    expect(cached.recent.map((r) => r.id)).not.toContain(unseen.id)

    // ...until a change goes through an instance: filing a report.
    const filed = await fileReportAs(first.app, { categoryId: unseen.category_id })
    const afterFiling = await secondEventually((reads) => expect(reads.count).toBe(before.count + 2))
    expect(afterFiling.recent[0]?.id).toBe(filed.id)
    expect(afterFiling.map.points.map((p) => p.id)).toEqual(expect.arrayContaining([filed.id, unseen.id]))

    // An organisation claims it: it is now in progress everywhere.
    const org = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const session = await loginOrganization(first.app, org.email)
    const claim = await first.app.inject({
      method: 'POST',
      url: `/api/org/reports/${filed.id}/claim`,
      headers: bearer(session),
    })
    expect(claim.statusCode).toBe(200)
    await secondEventually((reads) => {
      expect(reads.recent.find((r) => r.id === filed.id)?.status).toBe('en-cours')
      expect(reads.map.points.find((p) => p.id === filed.id)?.status).toBe('en-cours')
    })

    // An administrator rejects it: it leaves the count, the list and the map.
    const admin = await loginAdmin(first.app)
    const rejection = await first.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${filed.id}`,
      payload: { status: 'rejete', reason: 'Doublon d’un signalement déjà pris en charge.' },
      headers: bearer(admin),
    })
    expect(rejection.statusCode).toBe(200)
    const afterRejection = await secondEventually((reads) => expect(reads.count).toBe(before.count + 1))
    expect(afterRejection.recent.map((r) => r.id)).not.toContain(filed.id)
    expect(afterRejection.map.points.map((p) => p.id)).not.toContain(filed.id)
  })

  it('shows a change on the instance that made it at once', async () => {
    const before = await publicReads(first)
    await fileReportAs(first.app)
    expect((await publicReads(first)).count).toBe(before.count + 1)
  })
  it('sends a phone the compressed copy it accepts, made once, and the same data', async () => {
    for (let i = 0; i < 8; i += 1) await fileReportAs(first.app)
    const plain = await first.app.inject('/api/reports/recent')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toContain('accept-encoding')

    const brotli = await first.app.inject({
      url: '/api/reports/recent',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json())

    const gzip = await first.app.inject({
      url: '/api/reports/recent',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json())
  })

  it('sends a small answer as it is: compressing it would not save its headers', async () => {
    const count = await first.app.inject({
      url: '/api/reports/count',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(count.headers['content-encoding']).toBeUndefined()
    expect(count.json()).toEqual({ count: expect.any(Number) })
  })
})

describe('the read cache after a change to the categories', () => {
  it('is emptied on every instance, so that each server-renders the report form with the new category', async () => {
    // What another instance keeps rendered (the report form's page) until a change reaches it.
    const rendered = (version: number) => second.app.readCache.get('page:/signaler', async () => version)
    expect(await rendered(1)).toBe(1)
    const admin = bearer(await loginAdmin(first.app))
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: admin,
      payload: { nom: `Marchés ${Date.now()}` },
    })
    expect(created.statusCode).toBe(201)
    await expect.poll(() => rendered(2), { timeout: 5000 }).toBe(2)
  })
})
