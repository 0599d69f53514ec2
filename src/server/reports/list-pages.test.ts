import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../db/database'
import { bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { buildTestApp, type TestContext } from '../test/helper'

// Deep pages are read from the end or from the day that holds them (reports/paging.ts): with
// enough reports to reach the middle of a list, every page must be the one plain skipping gives.
const REPORTS = 6000
let ctx: TestContext
let adminToken: { authorization: string }
let orgToken: { authorization: string }
let orgId: string

beforeAll(async () => {
  ctx = await buildTestApp()
  adminToken = bearer(await loginAdmin(ctx.app))
  const org = await createOrganization(ctx.db.db, { categories: ['Voirie', 'Propreté'] })
  orgId = org.id
  orgToken = bearer(await loginOrganization(ctx.app, org.email))
  // Twenty days of reports, two by two at the same second (the id breaks the tie), most of them
  // pending; a few rejected or claimed by someone else.
  await ctx.db.db.execute(sql`
    insert into reports (anonymous_code, category_id, type, description, status, priority, latitude, longitude,
      created_at, updated_at, supporters_count, assigned_organization_id)
    select 'P' || lpad(g::text, 7, '0'), c.id, c.nom, 'Ligne ' || g,
      case when g % 10 = 0 then 'resolu' when g % 37 = 0 then 'rejete' else 'en-attente' end,
      (array['low', 'normal', 'high', 'urgent'])[1 + g % 4],
      -- Médina, Parcelles Assainies and, one in ten, between Fann and Grand Dakar.
      case when g % 10 = 5 then 14.7 when g % 2 = 0 then 14.6795 else 14.7625 end,
      case when g % 10 = 5 then -17.45 when g % 2 = 0 then -17.447 else -17.4435 end,
      now() - (g % 20) * interval '1 day' - (g / 2) * interval '1 second', now(), g % 7,
      case when g % 10 = 0 then ${orgId}::uuid end
    from generate_series(1, ${REPORTS}) g
    join categorie c on c.nom = case when g % 2 = 0 then 'Voirie' else 'Propreté' end`)
})
afterAll(() => ctx.close())

async function expectedIds(where: SQL, order: SQL, page: number, pageSize: number) {
  const rows = await queryRows<{ id: string }>(
    ctx.db.db,
    sql`select id from reports where ${where} order by ${order} offset ${(page - 1) * pageSize} limit ${pageSize}`,
  )
  return rows.map((row) => row.id)
}

async function listedIds(url: string, headers: Record<string, string>) {
  const res = await ctx.app.inject({ url, headers })
  expect(res.statusCode).toBe(200)
  const body = res.json() as {
    items: { id: string }[]
    total: number
    totalCapped?: boolean
    next?: string
    previous?: string
  }
  return { ...body, ids: body.items.map((item) => item.id) }
}

const newest = sql`created_at desc, id desc`

describe('pages of the admin report list', () => {
  const cases: [string, SQL, SQL, number[]][] = [
    ['', sql`true`, newest, [1, 150, 300, 301, 450, 599, 600, 601]],
    ['status=en-attente', sql`status = 'en-attente'`, newest, [1, 100, 263, 300, 525, 526]],
    [
      'priority=urgent&status=en-attente',
      sql`priority = 'urgent' and status = 'en-attente'`,
      newest,
      [1, 66, 131, 132],
    ],
    ['sort=supporters', sql`true`, sql`supporters_count desc, created_at desc, id desc`, [1, 300, 450, 600]],
  ]
  it.each(cases)('?%s gives the pages plain skipping gives', async (query, where, order, pages) => {
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.db.db,
      sql`select count(*)::int as n from reports where ${where}`,
    )) as [{ n: number }]
    for (const page of pages) {
      const listed = await listedIds(`/api/admin/reports?${query}&page=${page}`, adminToken)
      expect(listed.total).toBe(n)
      expect(listed.ids).toEqual(await expectedIds(where, order, page, 10))
    }
  })

  it('gives the pages of one commune (?area=) plain skipping gives, its middle ones read from their day', async () => {
    // Médina holds 3,000 of the reports: 3,000 more of it, so that its middle pages are far from
    // both ends (paging.ts's NEAR_AN_END).
    await ctx.db.db.execute(sql`
      insert into reports (anonymous_code, category_id, type, description, status, priority, latitude, longitude,
        created_at, updated_at)
      select 'M' || lpad(g::text, 7, '0'), c.id, c.nom, 'Médina ' || g,
        case when g % 4 = 0 then 'en-cours' else 'en-attente' end, 'normal', 14.6795, -17.447,
        now() - (g % 20) * interval '1 day' - g * interval '1 second', now()
      from generate_series(1, 3000) g join categorie c on c.nom = 'Voirie'`)
    try {
      for (const [query, where] of [
        ['area=3', sql`area_id = 3`],
        ['area=3&status=en-attente', sql`area_id = 3 and status = 'en-attente'`],
      ] as const) {
        const [{ n }] = (await queryRows<{ n: number }>(
          ctx.db.db,
          sql`select count(*)::int as n from reports where ${where}`,
        )) as [{ n: number }]
        expect(n).toBeGreaterThan(4000)
        const last = Math.ceil(n / 10)
        for (const page of [1, 201, Math.ceil(last / 2), Math.ceil(last / 2) + 1, last - 201, last]) {
          const listed = await listedIds(`/api/admin/reports?${query}&page=${page}`, adminToken)
          expect(listed.total).toBe(n)
          expect(listed.ids).toEqual(await expectedIds(where, newest, page, 10))
        }
      }
    } finally {
      await ctx.db.db.execute(sql`delete from reports where anonymous_code like 'M%'`)
    }
  })

  it('gives the pages of the late reports (overdue=1) plain skipping gives, deep ones included', async () => {
    // Every report here is unclaimed or closed: the late ones wait past the claim target of 48 hours.
    const where = sql`status = 'en-attente' and assigned_organization_id is null and created_at < now() - interval '48 hours'`
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.db.db,
      sql`select count(*)::int as n from reports where ${where}`,
    )) as [{ n: number }]
    expect(n).toBeGreaterThan(4000)
    const last = Math.ceil(n / 10)
    for (const page of [1, 201, Math.ceil(last / 2), last - 201, last]) {
      const listed = await listedIds(`/api/admin/reports?overdue=1&page=${page}`, adminToken)
      expect(listed.total).toBe(n)
      expect(listed.ids).toEqual(await expectedIds(where, newest, page, 10))
    }
    for (const page of [1, 300, Math.ceil(n / 16), Math.ceil(n / 8)]) {
      const listed = await listedIds(`/api/org/reports/available?overdue=1&page=${page}`, orgToken)
      expect(listed.total).toBe(n)
      expect(listed.ids).toEqual(await expectedIds(where, newest, page, 8))
    }
  })

  it('counts a search up to 1 000, and gives its pages, past the counted ones too, as plain skipping does', async () => {
    // Every report reads "Ligne n": the search matches the 6,000 of them.
    for (const page of [1, 100, 101, 600]) {
      const listed = await listedIds(`/api/admin/reports?q=ligne&page=${page}`, adminToken)
      expect(listed).toMatchObject({ total: 1000, totalCapped: true })
      expect(listed.ids).toEqual(await expectedIds(sql`true`, newest, page, 10))
    }
    // "Ligne 123", "Ligne 1230" to "Ligne 1239" (the last word, from 3 characters, is the start of
    // one): counted exactly.
    const few = sql`description ~ '^Ligne 123'`
    const last = await listedIds('/api/admin/reports?q=ligne%20123&page=2', adminToken)
    expect(last).toMatchObject({ total: 11 })
    expect(last.totalCapped).toBeUndefined()
    expect(last.ids).toEqual(await expectedIds(few, newest, 2, 10))
    expect(last.next).toBeUndefined()
    // Counted and read in one statement, in either order of the list.
    const bySupporters = await listedIds('/api/admin/reports?q=ligne%20123&sort=supporters', adminToken)
    expect(bySupporters).toMatchObject({ total: 11 })
    expect(bySupporters.ids).toEqual(
      await expectedIds(few, sql`supporters_count desc, created_at desc, id desc`, 1, 10),
    )
    // A shorter number is a whole one: "rue 12" is not "rue 120".
    expect((await listedIds('/api/admin/reports?q=ligne%2012', adminToken)).total).toBe(1)
  })

  it.each([
    ['q=ligne', sql`true`, newest],
    ['q=ligne&status=en-attente', sql`status = 'en-attente'`, newest],
    ['q=ligne&sort=supporters', sql`true`, sql`supporters_count desc, created_at desc, id desc`],
  ])(
    '?%s pages on by cursor, forwards across the counted pages and back, as plain skipping does',
    async (query, where, order) => {
      let listed = await listedIds(`/api/admin/reports?${query}&page=98`, adminToken)
      for (let page = 99; page <= 103; page++) {
        listed = await listedIds(`/api/admin/reports?${query}&page=${page}&after=${listed.next}`, adminToken)
        expect(listed.ids).toEqual(await expectedIds(where, order, page, 10))
      }
      for (let page = 102; page >= 97; page--) {
        listed = await listedIds(
          `/api/admin/reports?${query}&page=${page}&before=${listed.previous}`,
          adminToken,
        )
        expect(listed.ids).toEqual(await expectedIds(where, order, page, 10))
      }
    },
  )

  it('refuses a cursor it did not give with 400 and the French message', async () => {
    for (const cursor of ['abc', Buffer.from('["x","y"]').toString('base64url'), 'a'.repeat(201)]) {
      const res = await ctx.app.inject({
        url: `/api/admin/reports?q=ligne&after=${cursor}`,
        headers: adminToken,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe(
        'Cette page de résultats n’est plus valide : reprenez la recherche depuis la première page.',
      )
    }
  })

  it('keeps a middle page right when a newer report leaves the filtered list', async () => {
    const where = sql`status = 'en-attente'`
    const page = 263
    const before = await listedIds(`/api/admin/reports?status=en-attente&page=${page}`, adminToken)
    expect(before.ids).toEqual(await expectedIds(where, newest, page, 10))
    const [newer] = await queryRows<{ id: string }>(
      ctx.db.db,
      sql`select id from reports where ${where} order by ${newest} limit 1`,
    )
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${newer?.id}`,
      headers: adminToken,
      payload: { status: 'rejete', reason: 'Doublon d’un signalement déjà pris en charge.' },
    })
    expect(res.statusCode).toBe(200)
    const after = await listedIds(`/api/admin/reports?status=en-attente&page=${page}`, adminToken)
    expect(after.total).toBe(before.total - 1)
    expect(after.ids).toEqual(await expectedIds(where, newest, page, 10))
    expect(after.ids[0]).toBe(before.ids[1])
  })
})

describe('pages of an organisation’s available reports', () => {
  it('gives the pages plain skipping gives, deep ones included', async () => {
    const where = sql`assigned_organization_id is null and status <> 'rejete'`
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.db.db,
      sql`select count(*)::int as n from reports where ${where}`,
    )) as [{ n: number }]
    expect(n).toBeGreaterThan(5000)
    for (const page of [1, 300, 329, 400, Math.ceil(n / 8)]) {
      const listed = await listedIds(`/api/org/reports/available?page=${page}`, orgToken)
      expect(listed.total).toBe(n)
      expect(listed.ids).toEqual(await expectedIds(where, newest, page, 8))
    }
  })

  it('gives a town hall of two communes the pages plain skipping gives, deep ones from its days', async () => {
    const townHall = await createOrganization(ctx.db.db, {
      categories: ['Voirie', 'Propreté'],
      areas: ['Médina', 'Parcelles Assainies'],
    })
    const token = bearer(await loginOrganization(ctx.app, townHall.email))
    const where = sql`assigned_organization_id is null and status <> 'rejete' and area_id in (3, 18)`
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.db.db,
      sql`select count(*)::int as n from reports where ${where}`,
    )) as [{ n: number }]
    expect(n).toBeGreaterThan(4000)
    const middle = Math.ceil(n / 16)
    for (const page of [1, 250, middle, middle + 1, Math.ceil(n / 8)]) {
      const listed = await listedIds(`/api/org/reports/available?page=${page}`, token)
      expect(listed.total).toBe(n)
      expect(listed.ids).toEqual(await expectedIds(where, newest, page, 8))
    }
  })

  it('gives a town hall the pages of a search plain skipping gives, past the counted ones too', async () => {
    const townHall = await createOrganization(ctx.db.db, {
      categories: ['Voirie', 'Propreté'],
      areas: ['Médina'],
    })
    const token = bearer(await loginOrganization(ctx.app, townHall.email))
    const where = sql`assigned_organization_id is null and status <> 'rejete' and area_id = 3`
    let listed = await listedIds('/api/org/reports/available?q=ligne&page=1', token)
    expect(listed).toMatchObject({ total: 1000, totalCapped: true })
    expect(listed.ids).toEqual(await expectedIds(where, newest, 1, 8))
    for (let page = 2; page <= 3; page++) {
      listed = await listedIds(`/api/org/reports/available?q=ligne&page=${page}&after=${listed.next}`, token)
      expect(listed.ids).toEqual(await expectedIds(where, newest, page, 8))
    }
    const fewer = await listedIds('/api/org/reports/available?q=ligne%20100', token)
    expect(fewer.ids).toEqual(await expectedIds(sql`${where} and description ~ '^Ligne 100'`, newest, 1, 8))
  })

  it('gives the pages of a search plain skipping gives, by number and by cursor', async () => {
    // "Ligne 100", "Ligne 1000" to "Ligne 1009": counted exactly.
    const where = sql`assigned_organization_id is null and status <> 'rejete' and description ~ '^Ligne 100'`
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.db.db,
      sql`select count(*)::int as n from reports where ${where}`,
    )) as [{ n: number }]
    expect(n).toBeGreaterThan(8)
    for (const page of [1, 2]) {
      const listed = await listedIds(`/api/org/reports/available?q=ligne%20100&page=${page}`, orgToken)
      expect(listed.total).toBe(n)
      expect(listed.ids).toEqual(await expectedIds(where, newest, page, 8))
    }
    const all = sql`assigned_organization_id is null and status <> 'rejete'`
    let listed = await listedIds('/api/org/reports/available?q=ligne&page=1', orgToken)
    expect(listed).toMatchObject({ total: 1000, totalCapped: true })
    for (let page = 2; page <= 4; page++) {
      listed = await listedIds(
        `/api/org/reports/available?q=ligne&page=${page}&after=${listed.next}`,
        orgToken,
      )
      expect(listed.ids).toEqual(await expectedIds(all, newest, page, 8))
    }
  })

  it('gives the managed list by newest claim, from either end', async () => {
    const where = sql`assigned_organization_id = ${orgId}::uuid`
    const order = sql`claimed_at desc nulls last, id desc`
    for (const page of [1, 38, 75]) {
      const listed = await listedIds(`/api/org/reports/managed?page=${page}`, orgToken)
      expect(listed.ids).toEqual(await expectedIds(where, order, page, 8))
    }
  })
})

describe('the CSV export of the admin list', () => {
  it.each([
    ['newest', newest],
    ['supporters', sql`supporters_count desc, created_at desc, id desc`],
  ])('sends every row once, in the order of sort=%s, across batches', async (sort, order) => {
    const res = await ctx.app.inject({
      url: `/api/admin/reports/export.csv?sort=${sort}`,
      headers: adminToken,
    })
    const codes = res.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';')[0])
    const expected = await queryRows<{ code: string }>(
      ctx.db.db,
      sql`select anonymous_code as code from reports order by ${order}`,
    )
    expect(codes).toEqual(expected.map((row) => row.code))
  })
})

describe('the last word of a search', () => {
  it('is the word itself when the reports use it often, else also the start of a longer one', async () => {
    await ctx.db.db.execute(sql`
      insert into reports (anonymous_code, category_id, type, description, latitude, longitude)
      select 'PLIGNEUX', c.id, c.nom, 'Arbre ligneux tombé sur la chaussée', 14.7, -17.45
      from categorie c where c.nom = 'Voirie'`)
    // What the planner's statistics then know: "ligne" is in 6,000 reports, "ligneux" in one.
    await ctx.db.db.execute(sql`analyze reports`)
    for (const [list, token] of [
      ['/api/admin/reports', adminToken],
      ['/api/org/reports/available', orgToken],
    ] as const) {
      // "ligne", so common, is that word: not the start of "ligneux" (which would make the index
      // gather every report of "ligne" for each search)…
      expect((await listedIds(`${list}?q=arbre%20ligne`, token)).total).toBe(0)
      // …while a rarer start still finds the longer word.
      expect((await listedIds(`${list}?q=arbre%20ligneu`, token)).total).toBe(1)
      expect((await listedIds(`${list}?q=arbre%20lign`, token)).total).toBe(0)
    }
  })
})
