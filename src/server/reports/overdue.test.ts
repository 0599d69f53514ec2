// Issue 30, point 8: a report is late once it has waited longer than its category's target since
// its filing, to be claimed or to be resolved. The clock is the app's: the tests file reports in
// the past and move the time.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../domain/auth'
import { COMMUNES } from '../../domain/communes'
import { categories } from '../db/schema'
import { bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'

// Noon (UTC) tomorrow: the claim target of 48 hours ends at noon two days before, in the middle
// of a day (of which the count tables know only the whole).
const today = new Date()
const NOW = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 12))
const HOUR = 3600_000
let clockNow = NOW
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * HOUR).toISOString()

const MEDINA = { latitude: 14.6795, longitude: -17.447 }
const NGOR = { latitude: 14.745, longitude: -17.511 }
const MEDINA_ID = COMMUNES.findIndex((commune) => commune.name === 'Médina') + 1

let ctx: TestContext
let admin: Session
let roads: Session
let lighting: Session
let medinaRoads: Session
let roadsOrgId: string
/** The reports' ids by their description. */
const ids: Record<string, string> = {}

/** What each report is: late for what, or not (null). */
const LATENESS: Record<string, 'claim' | 'resolve' | null> = {
  'Voirie en attente depuis 47 h': null,
  'Voirie en attente depuis 49 h': 'claim',
  'Voirie en attente depuis 80 h': 'claim',
  'Voirie à Médina en attente depuis 50 h': 'claim',
  'Voirie à Ngor en attente depuis 50 h': 'claim',
  'Voirie en cours depuis 300 h': null,
  'Voirie en cours depuis 340 h': 'resolve',
  'Voirie remise en attente par son organisation depuis 400 h': 'resolve',
  'Voirie résolue': null,
  'Voirie rejetée': null,
  'Éclairage en attente depuis 3 h': 'claim',
  'Éclairage en cours depuis 25 h': 'resolve',
}
const late = (kinds: ('claim' | 'resolve')[], only: (description: string) => boolean = () => true) =>
  Object.entries(LATENESS)
    .filter(([description, kind]) => kind && kinds.includes(kind) && only(description))
    .map(([description]) => ids[description])
    .sort()

beforeAll(async () => {
  ctx = await buildTestApp({ clock: { now: () => clockNow } })
  admin = await loginAdmin(ctx.app)
  const roadsOrg = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  roadsOrgId = roadsOrg.id
  const lightingOrg = await createOrganization(ctx.db.db, { categories: ['Éclairage public'] })
  const medinaOrg = await createOrganization(ctx.db.db, { categories: ['Voirie'], areas: ['Médina'] })
  roads = await loginOrganization(ctx.app, roadsOrg.email)
  lighting = await loginOrganization(ctx.app, lightingOrg.email)
  medinaRoads = await loginOrganization(ctx.app, medinaOrg.email)
  // Street lights are to be claimed within 2 hours and repaired within a day.
  const [lamps] = await ctx.db.db.select().from(categories).where(eq(categories.nom, 'Éclairage public'))
  const targets = await patch(`/api/admin/categories/${lamps?.id}`, {
    claim_target_hours: 2,
    resolve_target_hours: 24,
  })
  expect(targets.statusCode).toBe(200)

  const file = async (description: string, fields: Parameters<typeof insertReport>[1]) => {
    ids[description] = (await insertReport(ctx.db.db, { description, ...fields })).id
  }
  const roadsClaimed = { assigned_organization_id: roadsOrg.id, claimed_at: hoursAgo(1) }
  await file('Voirie en attente depuis 47 h', { created_at: hoursAgo(47) })
  await file('Voirie en attente depuis 49 h', { created_at: hoursAgo(49) })
  await file('Voirie en attente depuis 80 h', { created_at: hoursAgo(80) })
  await file('Voirie à Médina en attente depuis 50 h', { created_at: hoursAgo(50), ...MEDINA })
  await file('Voirie à Ngor en attente depuis 50 h', { created_at: hoursAgo(50), ...NGOR })
  await file('Voirie en cours depuis 300 h', {
    created_at: hoursAgo(300),
    status: 'en-cours',
    ...roadsClaimed,
  })
  await file('Voirie en cours depuis 340 h', {
    created_at: hoursAgo(340),
    status: 'en-cours',
    ...roadsClaimed,
  })
  await file('Voirie remise en attente par son organisation depuis 400 h', {
    created_at: hoursAgo(400),
    ...roadsClaimed,
  })
  await file('Voirie résolue', {
    created_at: hoursAgo(1000),
    status: 'resolu',
    resolved_at: hoursAgo(2),
    ...roadsClaimed,
  })
  await file('Voirie rejetée', { created_at: hoursAgo(1000), status: 'rejete' })
  await file('Éclairage en attente depuis 3 h', { created_at: hoursAgo(3), categoryName: 'Éclairage public' })
  await file('Éclairage en cours depuis 25 h', {
    created_at: hoursAgo(25),
    categoryName: 'Éclairage public',
    status: 'en-cours',
    assigned_organization_id: lightingOrg.id,
    claimed_at: hoursAgo(20),
  })
})
afterAll(() => ctx.close())

const get = (url: string, session: Session = admin) => ctx.app.inject({ url, headers: bearer(session) })
function patch(url: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PATCH', url, payload, headers: bearer(admin) })
}
const listed = async (url: string, session: Session = admin) => {
  const res = await get(url, session)
  expect(res.statusCode).toBe(200)
  const body = res.json() as { items: { id: string; overdue: string | null }[]; total: number }
  return { total: body.total, ids: body.items.map((item) => item.id).sort(), items: body.items }
}
const overdueOf = (items: { id: string; overdue: string | null }[]) =>
  Object.fromEntries(items.map((item) => [item.id, item.overdue]))

describe('overdue on the reports of the lists and their details', () => {
  it('GET /api/admin/reports says of each report whether it is late, and for what', async () => {
    const { items, total } = await listed('/api/admin/reports')
    expect(total).toBe(Object.keys(LATENESS).length)
    const second = await listed('/api/admin/reports?page=2')
    const byId = overdueOf([...items, ...second.items])
    for (const [description, kind] of Object.entries(LATENESS)) {
      expect({ description, overdue: byId[ids[description] ?? ''] }).toEqual({ description, overdue: kind })
    }
  })

  it('GET /api/admin/reports/:id and GET /api/org/reports/:id say it too', async () => {
    const waiting = ids['Voirie en attente depuis 49 h']
    const claimed = ids['Voirie en cours depuis 340 h']
    expect((await get(`/api/admin/reports/${waiting}`)).json().overdue).toBe('claim')
    expect(
      (await get(`/api/admin/reports/${ids['Voirie en attente depuis 47 h']}`)).json().overdue,
    ).toBeNull()
    expect((await get(`/api/org/reports/${waiting}`, roads)).json().overdue).toBe('claim')
    expect((await get(`/api/org/reports/${claimed}`, roads)).json().overdue).toBe('resolve')
  })

  it('organisations’ lists say it of their reports', async () => {
    const available = await listed('/api/org/reports/available', roads)
    const byId = overdueOf(available.items)
    expect(byId[ids['Voirie en attente depuis 47 h'] ?? '']).toBeNull()
    expect(byId[ids['Voirie en attente depuis 49 h'] ?? '']).toBe('claim')
    const managed = overdueOf((await listed('/api/org/reports/managed', roads)).items)
    expect(managed[ids['Voirie en cours depuis 300 h'] ?? '']).toBeNull()
    expect(managed[ids['Voirie en cours depuis 340 h'] ?? '']).toBe('resolve')
    expect(managed[ids['Voirie résolue'] ?? '']).toBeNull()
  })
})

describe('GET /api/admin/reports?overdue=1', () => {
  it('lists only the late reports, with their total, of either kind or of one', async () => {
    const all = await listed('/api/admin/reports?overdue=1')
    expect(all).toMatchObject({ total: 8, ids: late(['claim', 'resolve']) })
    // Newest first, as the list always is.
    expect(all.items[0]?.id).toBe(ids['Éclairage en attente depuis 3 h'])
    expect(await listed('/api/admin/reports?overdue=claim')).toMatchObject({ total: 5, ids: late(['claim']) })
    expect(await listed('/api/admin/reports?overdue=resolve')).toMatchObject({
      total: 3,
      ids: late(['resolve']),
    })
  })

  it('combines with the other filters and the search, counting them right', async () => {
    expect(await listed('/api/admin/reports?overdue=1&status=en-cours')).toMatchObject({
      total: 2,
      ids: [ids['Voirie en cours depuis 340 h'], ids['Éclairage en cours depuis 25 h']].sort(),
    })
    // Closed reports are never late; a report to claim waits "En attente".
    expect(await listed('/api/admin/reports?overdue=1&status=resolu')).toMatchObject({ total: 0, ids: [] })
    expect(await listed('/api/admin/reports?overdue=claim&status=en-cours')).toMatchObject({
      total: 0,
      ids: [],
    })
    expect(await listed('/api/admin/reports?overdue=1&status=en-attente')).toMatchObject({
      total: 6,
      ids: late(['claim', 'resolve'], (description) => !description.includes('en cours')),
    })
    // One commune: counted from the reports filed since the deadlines (no counts per day by commune).
    expect(await listed(`/api/admin/reports?overdue=1&area=${MEDINA_ID}`)).toMatchObject({
      total: 1,
      ids: [ids['Voirie à Médina en attente depuis 50 h']],
    })
    expect(await listed('/api/admin/reports?overdue=1&q=voirie')).toMatchObject({
      total: 6,
      ids: late(['claim', 'resolve'], (description) => description.startsWith('Voirie')),
    })
  })

  it('refuses a value that is not one of its own with 400', async () => {
    expect((await get('/api/admin/reports?overdue=oui')).statusCode).toBe(400)
    expect((await get('/api/org/reports/available?overdue=claim', roads)).statusCode).toBe(400)
  })
})

describe('GET /api/admin/stats: overdue_reports', () => {
  it('counts the late reports, as time passes and as targets change', async () => {
    expect((await get('/api/admin/stats')).json().overdue_reports).toBe(8)
    try {
      // Two hours on, the report of 47 hours is late too, and the list agrees.
      clockNow = new Date(NOW.getTime() + 2 * HOUR)
      // (A session of two hours ago has expired.)
      const later = await loginAdmin(ctx.app)
      expect((await get('/api/admin/stats', later)).json().overdue_reports).toBe(9)
      expect((await listed('/api/admin/reports?overdue=1', later)).total).toBe(9)
    } finally {
      clockNow = NOW
    }
    const [roadsCategory] = await ctx.db.db.select().from(categories).where(eq(categories.nom, 'Voirie'))
    const url = `/api/admin/categories/${roadsCategory?.id}`
    try {
      // Roads given 100 hours to be claimed: their four unclaimed reports are no longer late.
      expect((await patch(url, { claim_target_hours: 100 })).statusCode).toBe(200)
      expect((await get('/api/admin/stats')).json().overdue_reports).toBe(4)
      expect((await listed('/api/admin/reports?overdue=claim')).ids).toEqual([
        ids['Éclairage en attente depuis 3 h'],
      ])
    } finally {
      await patch(url, { claim_target_hours: 48 })
    }
  })
})

describe('the organisations’ lists, overdue=1', () => {
  it('GET /api/org/reports/available?overdue=1: the late ones it may claim, with their total', async () => {
    const unclaimedRoads = late(['claim'], (description) => description.startsWith('Voirie'))
    expect(await listed('/api/org/reports/available?overdue=1', roads)).toMatchObject({
      total: 4,
      ids: unclaimedRoads,
    })
    // A town hall of Médina: its commune's only (counted from the reports, not the counts per day).
    expect(await listed('/api/org/reports/available?overdue=1', medinaRoads)).toMatchObject({
      total: 1,
      ids: [ids['Voirie à Médina en attente depuis 50 h']],
    })
    expect(await listed('/api/org/reports/available?overdue=1&q=voirie', roads)).toMatchObject({
      total: 4,
      ids: unclaimedRoads,
    })
  })

  it('GET /api/org/reports/managed?overdue=1: its own reports past their resolve target', async () => {
    expect(await listed('/api/org/reports/managed?overdue=1', roads)).toMatchObject({
      total: 2,
      ids: [
        ids['Voirie en cours depuis 340 h'],
        ids['Voirie remise en attente par son organisation depuis 400 h'],
      ].sort(),
    })
    expect(await listed('/api/org/reports/managed?overdue=1', lighting)).toMatchObject({
      total: 1,
      ids: [ids['Éclairage en cours depuis 25 h']],
    })
  })
})

describe('the organisations’ maps, overdue=1', () => {
  const DAKAR = '-17.55,14.65,-17.35,14.80'
  async function mapped(url: string, session: Session) {
    const res = await get(url, session)
    expect(res.statusCode).toBe(200)
    return (res.json() as { points: { id: string }[] }).points.map((point) => point.id).sort()
  }

  it('show the late reports only, as their lists do', async () => {
    expect(await mapped(`/api/org/reports/available/map?bbox=${DAKAR}&overdue=1`, roads)).toEqual(
      late(['claim'], (description) => description.startsWith('Voirie')),
    )
    expect(await mapped(`/api/org/reports/managed/map?bbox=${DAKAR}&overdue=1`, lighting)).toEqual([
      ids['Éclairage en cours depuis 25 h'],
    ])
    // Without the filter, the map has more.
    expect((await mapped(`/api/org/reports/managed/map?bbox=${DAKAR}`, roads)).length).toBeGreaterThan(2)
    expect((await get(`/api/org/reports/available/map?bbox=${DAKAR}&overdue=yes`, roads)).statusCode).toBe(
      400,
    )
  })
})

describe('the dashboard’s "À attribuer": unclaimed late reports, and who may be given them', () => {
  it('lists them newest first, names the organisations covering each, and one assignment takes it off', async () => {
    const before = await listed('/api/admin/reports?overdue=claim')
    expect(before.items.map((item) => item.id)).toEqual([
      ids['Éclairage en attente depuis 3 h'],
      ids['Voirie en attente depuis 49 h'],
      // Filed at the same time: the id decides, as the list's order says.
      ...[ids['Voirie à Médina en attente depuis 50 h'], ids['Voirie à Ngor en attente depuis 50 h']].sort(
        (a = '', b = '') => (a > b ? -1 : 1),
      ),
      ids['Voirie en attente depuis 80 h'],
    ])
    const medina = ids['Voirie à Médina en attente depuis 50 h']
    const eligible = (await get(`/api/admin/reports/${medina}/eligible-organizations`)).json()
    expect(eligible.items.map((org: { id: string }) => org.id)).toContain(roadsOrgId)
    const assigned = await patch(`/api/admin/reports/${medina}`, { organization_id: roadsOrgId })
    expect(assigned.statusCode).toBe(200)
    // Claimed now, far from its resolve target: no longer late.
    expect(assigned.json()).toMatchObject({ status: 'en-cours', overdue: null })
    expect(await listed('/api/admin/reports?overdue=claim')).toMatchObject({
      total: 4,
      ids: before.ids.filter((id) => id !== medina),
    })
    expect((await get('/api/admin/stats')).json().overdue_reports).toBe(7)
  })
})
