// Issue 30, points 1 and 3 to 5: the communes as areas, each report's commune, the communes an
// organisation covers, and the reports it then sees, may claim and may be given.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { COMMUNES, communeNameAt } from '../../domain/communes'
import { queryRows } from '../db/database'
import { organizationAreas, organizations, reports } from '../db/schema'
import {
  addMember,
  bearer,
  createOrganization,
  loginAdmin,
  loginOrganization,
  ORG_PASSWORD,
} from '../test/accounts'
import { categoryIdOf, fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'

let ctx: TestContext
let admin: Awaited<ReturnType<typeof loginAdmin>>
beforeAll(async () => {
  ctx = await buildTestApp()
  admin = await loginAdmin(ctx.app)
})
afterAll(() => ctx.close())
beforeEach(async () => {
  await ctx.db.db.delete(reports)
})

const MEDINA = { latitude: 14.6795, longitude: -17.447 }
const PARCELLES = { latitude: 14.7625, longitude: -17.4435 }
/** Pikine: another department, beyond every commune of Dakar. */
const PIKINE = { latitude: 14.75, longitude: -17.39 }
const MEDINA_ID = COMMUNES.findIndex((commune) => commune.name === 'Médina') + 1
const PARCELLES_ID = COMMUNES.findIndex((commune) => commune.name === 'Parcelles Assainies') + 1

type Session = Awaited<ReturnType<typeof loginOrganization>>
const get = (url: string, session: Session) => ctx.app.inject({ url, headers: bearer(session) })
const idsOf = (body: { items: { id: string }[] }) => body.items.map((item) => item.id).sort()

async function fileAt(at: { latitude: number; longitude: number }, description = 'Nid-de-poule profond') {
  return fileReportAs(ctx.app, { at, description, categoryId: await categoryIdOf(ctx.app, 'Voirie') })
}

describe('GET /api/areas', () => {
  it('lists the 19 communes of the department with their arrondissement, in the order of domain/communes.ts', async () => {
    const res = await ctx.app.inject('/api/areas')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(
      COMMUNES.map((commune, index) => ({
        id: index + 1,
        name: commune.name,
        arrondissement: commune.arrondissement,
      })),
    )
  })
})

describe('the commune of a report', () => {
  it('is found at filing, shown to organisations and administrators, and none outside the department', async () => {
    const medina = await fileAt(MEDINA)
    const pikine = await fileAt(PIKINE)
    const detail = (await get(`/api/admin/reports/${medina.id}`, admin)).json()
    expect(detail.area).toEqual({ id: MEDINA_ID, name: 'Médina' })
    expect((await get(`/api/admin/reports/${pikine.id}`, admin)).json().area).toBeNull()

    const roads = await loginOrganization(ctx.app, (await createOrganization(ctx.db.db)).email)
    const listed = (await get('/api/org/reports/available', roads)).json()
    expect(listed.items.find((item: { id: string }) => item.id === medina.id).area).toEqual({
      id: MEDINA_ID,
      name: 'Médina',
    })
  })

  it('follows the rule that names places (nearest centre within its radius and margin), on a grid over Dakar', async () => {
    const points: { latitude: number; longitude: number }[] = []
    for (let latitude = 14.64; latitude <= 14.8; latitude += 0.004) {
      for (let longitude = -17.54; longitude <= -17.36; longitude += 0.004)
        points.push({ latitude, longitude })
    }
    const found = await queryRows<{ name: string | null }>(
      ctx.db.db,
      sql`select (select name from areas where id = area_at(p.latitude, p.longitude)) as name
        from jsonb_to_recordset(${JSON.stringify(points)}::jsonb) as p(latitude float8, longitude float8)
        order by p.latitude, p.longitude`,
    )
    const sorted = [...points].sort((a, b) => a.latitude - b.latitude || a.longitude - b.longitude)
    expect(found.map((row) => row.name)).toEqual(sorted.map((p) => communeNameAt(p.latitude, p.longitude)))
    expect(new Set(found.map((row) => row.name)).size).toBe(COMMUNES.length + 1)
  })

  it('moves with its point', async () => {
    const filed = await fileAt(MEDINA)
    await ctx.db.db.update(reports).set(PARCELLES).where(eq(reports.id, filed.id))
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, filed.id))
    expect(row?.area_id).toBe(PARCELLES_ID)
  })

  it('filters the admin list (?area=), its total from the count tables; an unknown commune is refused', async () => {
    const medina = [await fileAt(MEDINA), await fileAt(MEDINA)]
    await fileAt(PARCELLES)
    const res = await get(`/api/admin/reports?area=${MEDINA_ID}`, admin)
    expect(res.statusCode).toBe(200)
    expect(res.json().total).toBe(2)
    expect(idsOf(res.json())).toEqual(medina.map((report) => report.id).sort())
    expect((await get('/api/admin/reports?area=0', admin)).statusCode).toBe(400)
    expect((await get('/api/admin/reports?area=20', admin)).statusCode).toBe(400)
  })
})

describe('the communes an organisation covers', () => {
  const signup = (areaIds: unknown, suffix: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/organizations/signup',
      headers: { 'x-forwarded-for': `10.30.0.${suffix}` },
      payload: {
        name: `Mairie de test ${suffix}`,
        type: 'mairie',
        email: `mairie-${suffix}@example.sn`,
        phone: '+221 33 800 00 00',
        address: 'Place de la mairie',
        city: 'Dakar',
        categoryIds: [1],
        areaIds,
        password: ORG_PASSWORD,
        responsableName: 'Awa Ndiaye',
      },
    })

  it('are chosen at sign-up (none: the whole department) and shown to the administrators', async () => {
    const res = await signup([MEDINA_ID], '1')
    expect(res.statusCode).toBe(201)
    const details = (await get(`/api/admin/organizations/${res.json().id}`, admin)).json()
    expect(details.areas).toEqual([{ id: MEDINA_ID, name: 'Médina' }])
    const whole = await signup(undefined, '2')
    expect((await get(`/api/admin/organizations/${whole.json().id}`, admin)).json().areas).toEqual([])
  })

  it('refuses an unknown or repeated commune at sign-up, in French, and creates nothing', async () => {
    const before = (await ctx.db.db.select().from(organizations)).length
    const unknown = await signup([MEDINA_ID, 99], '3')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toMatchObject({
      message: 'Cette commune n’existe pas : choisissez-la dans la liste.',
      field: 'areaIds',
    })
    expect((await signup([MEDINA_ID, MEDINA_ID], '4')).statusCode).toBe(400)
    expect((await signup([32_768], '5')).json().error.message).toBe(
      'Cette commune n’existe pas\u202f: choisissez-la dans la liste.',
    )
    expect((await ctx.db.db.select().from(organizations)).length).toBe(before)
  })

  const askZone = (payload: { areaIds: number[] }, session: Session) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/org/me', payload, headers: bearer(session) })
  const decideZone = (organizationId: string, zoneChange: 'approve' | 'reject') =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizations/${organizationId}`,
      payload: { zone_change: zoneChange },
      headers: bearer(admin),
    })
  const offeredTo = async (session: Session) =>
    idsOf((await get('/api/org/reports/available', session)).json())

  // Issue 47, point 10: an organisation changed its communes at once, though they decide what it
  // may claim and close. An approved organisation's new zone waits, as a new name does.
  it('keeps an approved organisation’s zone until an administrator approves the new one its responsable asked for', async () => {
    const medinaReport = await fileAt(MEDINA)
    const parcellesReport = await fileAt(PARCELLES)
    const organization = await createOrganization(ctx.db.db, { areas: ['Médina'] })
    const responsable = await loginOrganization(ctx.app, organization.email)

    const asked = await askZone({ areaIds: [PARCELLES_ID, MEDINA_ID] }, responsable)
    expect(asked.statusCode).toBe(200)
    expect(asked.json()).toMatchObject({
      areas: [{ id: MEDINA_ID, name: 'Médina' }],
      pending_areas: [
        { id: MEDINA_ID, name: 'Médina' },
        { id: PARCELLES_ID, name: 'Parcelles Assainies' },
      ],
    })
    // Until then, what it is offered and may claim is its zone's.
    expect(await offeredTo(responsable)).toEqual([medinaReport.id])
    const claim = (id: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/org/reports/${id}/claim`, headers: bearer(responsable) })
    expect((await claim(parcellesReport.id)).statusCode).toBe(404)

    // The administrators see the request in Organisations, with its count and its communes.
    const listed = (await get('/api/admin/organizations?status=zone_change', admin)).json()
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(organization.id)
    expect(listed.counts.zone_changes).toBeGreaterThanOrEqual(1)
    const details = (await get(`/api/admin/organizations/${organization.id}`, admin)).json()
    expect(details.pending_areas.map((area: { name: string }) => area.name)).toEqual([
      'Médina',
      'Parcelles Assainies',
    ])

    const approved = await decideZone(organization.id, 'approve')
    expect(approved.statusCode).toBe(200)
    expect((await get('/api/org/me', responsable)).json()).toMatchObject({
      areas: [
        { id: MEDINA_ID, name: 'Médina' },
        { id: PARCELLES_ID, name: 'Parcelles Assainies' },
      ],
      pending_areas: null,
    })
    expect(await offeredTo(responsable)).toEqual([medinaReport.id, parcellesReport.id].sort())
    // Nothing left to decide.
    const again = await decideZone(organization.id, 'approve')
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('Cette organisation n’a pas demandé de nouvelle zone.')
  })

  it('leaves the zone as it was when an administrator refuses the new one, and asks for the whole department apart from no request', async () => {
    const organization = await createOrganization(ctx.db.db, { areas: ['Médina'] })
    const responsable = await loginOrganization(ctx.app, organization.email)
    // None: the whole department, asked for, not "no request".
    expect((await askZone({ areaIds: [] }, responsable)).json()).toMatchObject({
      areas: [{ id: MEDINA_ID, name: 'Médina' }],
      pending_areas: [],
    })
    expect((await decideZone(organization.id, 'reject')).statusCode).toBe(200)
    expect((await get('/api/org/me', responsable)).json()).toMatchObject({
      areas: [{ id: MEDINA_ID, name: 'Médina' }],
      pending_areas: null,
    })
  })

  it('takes back the request when the responsable gives its own zone again; refuses an agent and an unknown commune, changing nothing', async () => {
    const organization = await createOrganization(ctx.db.db)
    const responsable = await loginOrganization(ctx.app, organization.email)
    expect((await askZone({ areaIds: [MEDINA_ID] }, responsable)).json().pending_areas).toHaveLength(1)
    expect((await askZone({ areaIds: [99] }, responsable)).statusCode).toBe(400)
    const agent = await addMember(ctx.db.db, organization.id)
    const agentSession = await loginOrganization(ctx.app, agent.email)
    expect((await askZone({ areaIds: [] }, agentSession)).statusCode).toBe(403)
    expect((await get('/api/org/me', responsable)).json()).toMatchObject({
      areas: [],
      pending_areas: [{ id: MEDINA_ID, name: 'Médina' }],
    })
    expect((await askZone({ areaIds: [] }, responsable)).json()).toMatchObject({
      areas: [],
      pending_areas: null,
    })
    expect((await decideZone(organization.id, 'reject')).statusCode).toBe(409)
  })

  it('are changed by an administrator in the organisation’s details', async () => {
    const organization = await createOrganization(ctx.db.db)
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizations/${organization.id}`,
      payload: { areaIds: [MEDINA_ID] },
      headers: bearer(admin),
    })
    expect(res.statusCode).toBe(200)
    const rows = await ctx.db.db
      .select()
      .from(organizationAreas)
      .where(eq(organizationAreas.organization_id, organization.id))
    expect(rows.map((row) => row.area_id)).toEqual([MEDINA_ID])
  })
})

describe('routing by commune', () => {
  it('shows an organisation of Médina the reports of Médina only: list, total, search, map, details, claim', async () => {
    const medinaReport = await fileAt(MEDINA, 'Nid-de-poule devant le marché Tilène')
    const parcellesReport = await fileAt(PARCELLES, 'Nid-de-poule devant le marché des Parcelles')
    const medinaHall = await loginOrganization(
      ctx.app,
      (await createOrganization(ctx.db.db, { areas: ['Médina'] })).email,
    )
    const department = await loginOrganization(ctx.app, (await createOrganization(ctx.db.db)).email)

    const available = (await get('/api/org/reports/available', medinaHall)).json()
    expect(idsOf(available)).toEqual([medinaReport.id])
    expect(available.total).toBe(1)
    expect(idsOf((await get('/api/org/reports/available?q=marche', medinaHall)).json())).toEqual([
      medinaReport.id,
    ])
    const box = 'bbox=-17.6,14.6,-17.3,14.9'
    const map = (await get(`/api/org/reports/available/map?${box}`, medinaHall)).json()
    expect(map.points.map((point: { id: string }) => point.id)).toEqual([medinaReport.id])
    expect((await get(`/api/org/reports/${parcellesReport.id}`, medinaHall)).statusCode).toBe(404)

    const claimOf = (id: string, session: Session) =>
      ctx.app.inject({ method: 'POST', url: `/api/org/reports/${id}/claim`, headers: bearer(session) })
    expect((await claimOf(parcellesReport.id, medinaHall)).statusCode).toBe(404)
    const [untouched] = await ctx.db.db.select().from(reports).where(eq(reports.id, parcellesReport.id))
    expect(untouched?.assigned_organization_id).toBeNull()

    const everywhere = (await get('/api/org/reports/available', department)).json()
    expect(idsOf(everywhere)).toEqual([medinaReport.id, parcellesReport.id].sort())
    expect(everywhere.total).toBe(2)
    expect((await claimOf(parcellesReport.id, department)).statusCode).toBe(200)
    // Claimed by another, outside its zone: still nothing the hall of Médina may see.
    expect((await get(`/api/org/reports/${parcellesReport.id}`, medinaHall)).statusCode).toBe(404)
  })

  it('offers an administrator only the organisations covering the report’s category and commune', async () => {
    const parcellesReport = await fileAt(PARCELLES)
    const medinaHall = await createOrganization(ctx.db.db, { areas: ['Médina'] })
    const parcellesHall = await createOrganization(ctx.db.db, { areas: ['Parcelles Assainies', 'Médina'] })
    const department = await createOrganization(ctx.db.db)
    const eligible = (
      await get(`/api/admin/reports/${parcellesReport.id}/eligible-organizations`, admin)
    ).json()
    const offered = eligible.items.map((item: { id: string }) => item.id)
    expect(offered).toContain(parcellesHall.id)
    expect(offered).toContain(department.id)
    expect(offered).not.toContain(medinaHall.id)

    const assign = (organizationId: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/reports/${parcellesReport.id}`,
        payload: { organization_id: organizationId },
        headers: bearer(admin),
      })
    const refused = await assign(medinaHall.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(
      'Cette organisation ne peut pas recevoir ce signalement : elle doit être approuvée, active, chargée de sa catégorie et de sa commune.',
    )
    expect((await assign(parcellesHall.id)).statusCode).toBe(200)
  })

  it('gives a report outside the department only to the organisations covering the whole department', async () => {
    const pikineReport = await fileAt(PIKINE)
    const medinaHall = await loginOrganization(
      ctx.app,
      (await createOrganization(ctx.db.db, { areas: ['Médina'] })).email,
    )
    const department = await loginOrganization(ctx.app, (await createOrganization(ctx.db.db)).email)
    expect(idsOf((await get('/api/org/reports/available', medinaHall)).json())).toEqual([])
    expect(idsOf((await get('/api/org/reports/available', department)).json())).toEqual([pikineReport.id])
  })
})
