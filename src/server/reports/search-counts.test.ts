import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../db/database'
import { bearer, loginAdmin } from '../test/accounts'
import { buildTestApp, type TestContext } from '../test/helper'

// Words that go together: "nid de poule" is in a fifth of the reports, each of its words too. The
// planner, taking them as independent, expects a twenty-fifth; the count must not believe it.
const REPORTS = 6000
const LATE = 7
let ctx: TestContext
let adminToken: { authorization: string }

beforeAll(async () => {
  ctx = await buildTestApp()
  adminToken = bearer(await loginAdmin(ctx.app))
  await ctx.db.db.execute(sql`
    insert into reports (anonymous_code, category_id, type, description, status, priority, latitude, longitude,
      created_at, updated_at)
    select 'N' || lpad(g::text, 7, '0'), c.id, c.nom,
      case when g % 5 = 0 then 'Nid de poule profond ' || g else 'Lampadaire éteint au carrefour ' || g end,
      'en-attente', 'normal', 14.6928, -17.4467,
      -- Seven of the potholes wait past their claim target (48 hours), and two thousand lamps: late.
      now() - case when g <= ${LATE * 5} or (g % 5 <> 0 and g <= 2500) then interval '3 days' + g * interval '1 second'
        else g * interval '1 second' end,
      now()
    from generate_series(1, ${REPORTS}) g
    join categorie c on c.nom = 'Voirie'`)
  // The statistics the planner reads, as autovacuum would have gathered them.
  await ctx.db.db.execute(sql`analyze reports`)
})
afterAll(() => ctx.close())

async function listed(query: string) {
  const res = await ctx.app.inject({ url: `/api/admin/reports?${query}`, headers: adminToken })
  expect(res.statusCode).toBe(200)
  return res.json() as { items: { id: string }[]; total: number; totalCapped?: boolean }
}

describe('the count of a search whose words go together', () => {
  it('says more than 1 000 and gives the newest page, as plain skipping does', async () => {
    const page = await listed('q=nid%20de%20poule&status=en-attente&page=2')
    expect(page).toMatchObject({ total: 1000, totalCapped: true })
    const expected = await queryRows<{ id: string }>(
      ctx.db.db,
      sql`select id from reports where description like 'Nid de poule%' order by created_at desc, id desc offset 10 limit 10`,
    )
    expect(page.items.map((item) => item.id)).toEqual(expected.map((row) => row.id))
  })

  it('is exact when another filter leaves a few of them', async () => {
    const late = await listed('q=nid%20de%20poule&overdue=1')
    expect(late.total).toBe(LATE)
    expect(late.totalCapped).toBeUndefined()
  })
})
