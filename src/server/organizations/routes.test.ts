import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../domain/auth'
import { organizations, reportEvents, reports } from '../db/schema'
import { bearer, createOrganization, loginAdmin, loginOrganization, ORG_PASSWORD } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'

let ctx: TestContext
let roads: Session
let lighting: Session
let roadsOrgId: string

beforeAll(async () => {
  ctx = await buildTestApp()
  const roadsOrg = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  roadsOrgId = roadsOrg.id
  const lightingOrg = await createOrganization(ctx.db.db, { categories: ['Éclairage public'] })
  roads = await loginOrganization(ctx.app, roadsOrg.email)
  lighting = await loginOrganization(ctx.app, lightingOrg.email)
})
afterAll(() => ctx.close())

const get = (url: string, session: Session) => ctx.app.inject({ url, headers: bearer(session) })
const claim = (id: string, session: Session) =>
  ctx.app.inject({ method: 'POST', url: `/api/org/reports/${id}/claim`, headers: bearer(session) })
const setStatus = (id: string, status: string, session: Session) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/org/reports/${id}`,
    payload: { status },
    headers: bearer(session),
  })
const sendMessage = (id: string, payload: Record<string, string>, session: Session) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/org/reports/${id}/notifications`,
    payload,
    headers: bearer(session),
  })

describe('GET /api/org/reports/available', () => {
  it('shows only unassigned, public reports in the organisation’s categories, 8 a page, newest first', async () => {
    for (let i = 0; i < 10; i++) {
      await insertReport(ctx.db.db, {
        description: `Route abîmée numéro ${i}`,
        created_at: new Date(Date.UTC(2026, 9, 1 + i)).toISOString(),
      })
    }
    await insertReport(ctx.db.db, { categoryName: 'Éclairage public', description: 'Lampadaire éteint' })
    await insertReport(ctx.db.db, { description: 'Spam rejeté', status: 'rejete' })
    await insertReport(ctx.db.db, {
      description: 'Déjà pris',
      assigned_organization_id: roadsOrgId,
      status: 'en-cours',
    })

    const page1 = (await get('/api/org/reports/available', roads)).json()
    expect(page1).toMatchObject({ total: 10, page: 1, pageSize: 8 })
    expect(page1.items).toHaveLength(8)
    expect(page1.items[0].description).toBe('Route abîmée numéro 9')
    const page2 = (await get('/api/org/reports/available?page=2', roads)).json()
    expect(page2.items.map((r: { description: string }) => r.description)).toEqual([
      'Route abîmée numéro 1',
      'Route abîmée numéro 0',
    ])
    const other = (await get('/api/org/reports/available', lighting)).json()
    expect(other.items.map((r: { description: string }) => r.description)).toEqual(['Lampadaire éteint'])
  })

  it('searches by type, description or department, case-insensitively, with wildcards taken literally', async () => {
    await insertReport(ctx.db.db, { description: 'Caniveau bouché à 100% rue 7', department: 'Pikine' })
    const byDescription = (await get('/api/org/reports/available?q=CANIVEAU', roads)).json()
    expect(byDescription.items.map((r: { department: string }) => r.department)).toEqual(['Pikine'])
    expect((await get('/api/org/reports/available?q=pikine', roads)).json().total).toBe(1)
    expect((await get('/api/org/reports/available?q=100%25', roads)).json().total).toBe(1)
    expect((await get('/api/org/reports/available?q=_', roads)).json().total).toBe(0)
  })

  it('searches without regard to accents, and finds a report by its code read out on the phone', async () => {
    const report = await insertReport(ctx.db.db, {
      anonymous_code: 'W3RT7YH2',
      description: 'Trottoir effondré devant l’école',
    })
    const ids = async (q: string) =>
      (await get(`/api/org/reports/available?q=${encodeURIComponent(q)}`, roads))
        .json()
        .items.map((r: { id: string }) => r.id)
    expect(await ids('effondre')).toEqual([report.id])
    expect(await ids('ÉCOLE')).toEqual([report.id])
    expect(await ids('w3rt 7yh2')).toEqual([report.id])
    // Never a report outside the organisation's categories, even by its code.
    const lamp = await insertReport(ctx.db.db, {
      categoryName: 'Éclairage public',
      anonymous_code: 'L4MP7YH2',
    })
    expect(lamp.id).toBeTruthy()
    expect(await ids('L4MP7YH2')).toEqual([])
  })
})

describe('the organisation’s map: GET /api/org/reports/{available,managed}/map', () => {
  // A box of Pikine, apart from the reports of the other tests (all at Dakar's centre).
  const PIKINE = { latitude: 14.7545, longitude: -17.3925 }
  const box = 'bbox=-17.42,14.73,-17.36,14.78'

  it('shows its available and its own reports in view, with the lists’ search and status, never another category’s', async () => {
    const [free, other, mine, resolved, elsewhere] = [
      await insertReport(ctx.db.db, { ...PIKINE, description: 'Caniveau bouché à Pikine' }),
      await insertReport(ctx.db.db, {
        ...PIKINE,
        categoryName: 'Éclairage public',
        description: 'Lampe Pikine',
      }),
      await insertReport(ctx.db.db, {
        ...PIKINE,
        description: 'Chaussée défoncée à Pikine',
        assigned_organization_id: roadsOrgId,
        status: 'en-cours',
      }),
      await insertReport(ctx.db.db, {
        ...PIKINE,
        description: 'Trottoir réparé à Pikine',
        assigned_organization_id: roadsOrgId,
        status: 'resolu',
      }),
      await insertReport(ctx.db.db, { description: 'Caniveau bouché au Plateau' }),
    ]
    const ids = (body: { points: { id: string }[] }) => body.points.map((point) => point.id).sort()
    const available = (await get(`/api/org/reports/available/map?${box}`, roads)).json()
    expect(ids(available)).toEqual([free?.id])
    expect(available.points[0]).toMatchObject({ type: 'Voirie', latitude: PIKINE.latitude })
    expect(ids((await get(`/api/org/reports/available/map?${box}&q=chaussee`, roads)).json())).toEqual([])
    expect(ids((await get(`/api/org/reports/available/map?${box}&q=Caniveau`, roads)).json())).toEqual([
      free?.id,
    ])
    const managed = (await get(`/api/org/reports/managed/map?${box}`, roads)).json()
    expect(ids(managed)).toEqual([mine?.id, resolved?.id].sort())
    const stillOpen = (await get(`/api/org/reports/managed/map?${box}&status=en-cours`, roads)).json()
    expect(ids(stillOpen)).toEqual([mine?.id])
    expect(ids((await get(`/api/org/reports/available/map?${box}`, lighting)).json())).toEqual([other?.id])
    expect(JSON.stringify(available)).not.toContain(elsewhere?.id ?? 'none')
  })

  it('refuses a malformed box with 400', async () => {
    expect((await get('/api/org/reports/available/map?bbox=1,2,3', roads)).statusCode).toBe(400)
    expect((await get('/api/org/reports/managed/map', roads)).statusCode).toBe(400)
  })
})

describe('GET /api/org/reports/:id', () => {
  it('gives a report it may claim or manages, and 404 for another category’s', async () => {
    const report = await insertReport(ctx.db.db, { description: 'Nid-de-poule rue 10' })
    const res = await get(`/api/org/reports/${report?.id}`, roads)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: report?.id, description: 'Nid-de-poule rue 10' })
    expect((await get(`/api/org/reports/${report?.id}`, lighting)).statusCode).toBe(404)
    expect((await get('/api/org/reports/not-an-id', roads)).statusCode).toBe(400)
  })
})

describe('POST /api/org/reports/:id/claim', () => {
  it('gives the report to the organisation, en cours, first in its managed list, gone from available', async () => {
    const report = await insertReport(ctx.db.db, { description: 'Nid-de-poule à réclamer' })
    const res = await claim(report.id, roads)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: report.id,
      status: 'en-cours',
      assigned_organization_id: roadsOrgId,
    })
    const managed = (await get('/api/org/reports/managed', roads)).json()
    expect(managed.items[0].id).toBe(report.id)
    const available = (await get('/api/org/reports/available?q=réclamer', roads)).json()
    expect(available.total).toBe(0)
    const history = await ctx.db.db.select().from(reportEvents).where(eq(reportEvents.report_id, report.id))
    expect(history.map((e) => [e.kind, e.to_status])).toEqual([['claimed', 'en-cours']])
  })

  it('has exactly one winner among 50 concurrent claims from several organisations', async () => {
    const report = await insertReport(ctx.db.db, { description: 'Convoité' })
    const sessions: Session[] = []
    for (let i = 0; i < 5; i++) {
      const org = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
      sessions.push(await loginOrganization(ctx.app, org.email))
    }
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => claim(report.id, sessions[i % sessions.length] as Session)),
    )
    const winners = new Set(
      results.filter((r) => r.statusCode === 200).map((r) => r.json().assigned_organization_id),
    )
    expect(winners.size).toBe(1)
    const refused = results.filter((r) => r.statusCode === 409)
    const winnerSession = sessions.find((s) => winners.has(s.user.id))
    const winnerRetries = results.filter((r) => r.statusCode === 200).length - 1
    expect(refused.length + winnerRetries + 1).toBe(50)
    expect(winnerSession).toBeDefined()
    for (const r of refused) {
      expect([
        {
          message: 'Ce signalement a déjà été pris en charge par une autre organisation',
          reason: 'claim.alreadyClaimed',
        },
        {
          message: 'Ce signalement a été pris en charge par une autre organisation entre-temps',
          reason: 'claim.claimedMeanwhile',
        },
      ]).toContainEqual({ message: r.json().error.message, reason: r.json().error.reason })
    }
    const claims = await ctx.db.db.select().from(reportEvents).where(eq(reportEvents.report_id, report.id))
    expect(claims).toHaveLength(1)
  })

  it('refuses a report of another category with 404, and one already claimed with the SPEC.md text', async () => {
    const lamp = await insertReport(ctx.db.db, { categoryName: 'Éclairage public' })
    expect((await claim(lamp.id, roads)).statusCode).toBe(404)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, lamp.id))
    expect(row?.assigned_organization_id).toBeNull()
    expect((await claim(lamp.id, lighting)).statusCode).toBe(200)

    const road = await insertReport(ctx.db.db)
    await claim(road.id, roads)
    const other = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    const late = await claim(road.id, await loginOrganization(ctx.app, other.email))
    expect(late.statusCode).toBe(409)
    expect(late.json().error).toEqual({
      code: 'conflict',
      message: 'Ce signalement a déjà été pris en charge par une autre organisation',
      reason: 'claim.alreadyClaimed',
    })
  })

  it('answers 404, not 409, for a report of another category already claimed: its existence stays hidden', async () => {
    const lamp = await insertReport(ctx.db.db, { categoryName: 'Éclairage public' })
    expect((await claim(lamp.id, lighting)).statusCode).toBe(200)
    const probe = await claim(lamp.id, roads)
    expect(probe.statusCode).toBe(404)
    expect(probe.body).not.toContain('déjà été pris en charge')
  })

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    expect((await claim('not-a-uuid', roads)).statusCode).toBe(400)
    expect((await claim('00000000-0000-4000-8000-000000000000', roads)).statusCode).toBe(404)
  })
})

describe('PATCH /api/org/reports/:id', () => {
  it('lets the managing organisation set any of its statuses, recorded in the history', async () => {
    const report = await insertReport(ctx.db.db)
    await claim(report.id, roads)
    for (const status of ['resolu', 'en-attente', 'en-cours', 'resolu']) {
      const res = await setStatus(report.id, status, roads)
      expect(res.statusCode).toBe(200)
      expect(res.json().status).toBe(status)
    }
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, report.id))
    expect(row?.resolved_at).not.toBeNull()
    const history = await ctx.db.db.select().from(reportEvents).where(eq(reportEvents.report_id, report.id))
    expect(history.map((e) => e.to_status)).toEqual([
      'en-cours',
      'resolu',
      'en-attente',
      'en-cours',
      'resolu',
    ])
  })

  it('refuses another organisation and statuses it may not set, changing nothing', async () => {
    const report = await insertReport(ctx.db.db)
    await claim(report.id, roads)
    const other = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    const otherSession = await loginOrganization(ctx.app, other.email)
    expect((await setStatus(report.id, 'resolu', otherSession)).statusCode).toBe(404)
    expect((await setStatus(report.id, 'rejete', roads)).statusCode).toBe(400)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, report.id))
    expect(row?.status).toBe('en-cours')
  })

  it('refuses an unclaimed report in its categories with 403', async () => {
    const report = await insertReport(ctx.db.db)
    expect((await setStatus(report.id, 'resolu', roads)).statusCode).toBe(403)
  })
})

describe('POST /api/org/reports/:id/notifications', () => {
  it('sends a message that reaches the citizen’s notifications', async () => {
    const filed = await fileReportAs(ctx.app, { categoryId: (await insertReport(ctx.db.db)).category_id })
    await claim(filed.id, roads)
    const res = await sendMessage(filed.id, { title: 'Intervention', message: 'Nous passons jeudi.' }, roads)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      title: 'Intervention',
      type: 'info',
      anonymous_code: filed.anonymous_code,
    })

    const citizen = await ctx.app.inject({
      url: '/api/citizen/notifications',
      headers: { 'x-citizen-token': filed.citizenToken },
    })
    expect(citizen.json().items[0]).toMatchObject({ title: 'Intervention', message: 'Nous passons jeudi.' })
    const sent = (await get('/api/org/notifications', roads)).json()
    expect(sent.items[0]).toMatchObject({ report_id: filed.id, title: 'Intervention' })
    const managed = (await get('/api/org/reports/managed', roads)).json()
    expect(managed.items.find((r: { id: string }) => r.id === filed.id).notifications_count).toBe(1)
  })

  it('requires a title and a message, and refuses a report it does not manage', async () => {
    const report = await insertReport(ctx.db.db)
    await claim(report.id, roads)
    const blank = await sendMessage(report.id, { title: '  ', message: 'x' }, roads)
    expect(blank.statusCode).toBe(400)
    expect(blank.json().error.message).toBe('Veuillez remplir tous les champs')
    expect((await sendMessage(report.id, { title: 'a', message: 'b' }, lighting)).statusCode).toBe(404)
  })
})

describe('a report an administrator rejected', () => {
  it('is frozen for the organisation that manages it, and stays out of every public list', async () => {
    const filed = await fileReportAs(ctx.app, {
      categoryId: (await insertReport(ctx.db.db)).category_id,
      description: 'Publicité déguisée en signalement',
    })
    expect((await claim(filed.id, roads)).statusCode).toBe(200)
    const admin = bearer(await loginAdmin(ctx.app))
    const rejected = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${filed.id}`,
      headers: admin,
      payload: { status: 'rejete', reason: 'Doublon d’un signalement déjà pris en charge.' },
    })
    expect(rejected.statusCode).toBe(200)
    const historyBefore = await ctx.db.db
      .select()
      .from(reportEvents)
      .where(eq(reportEvents.report_id, filed.id))

    const frozen =
      'Ce signalement a été rejeté par un administrateur : son statut ne peut plus changer et aucun message ne peut y être envoyé.'
    for (const status of ['en-cours', 'resolu', 'en-attente']) {
      const res = await setStatus(filed.id, status, roads)
      expect(res.statusCode).toBe(409)
      expect(res.json().error.message).toBe(frozen)
    }
    const message = await sendMessage(filed.id, { title: 'Bonjour', message: 'Nous passons.' }, roads)
    expect(message.statusCode).toBe(409)
    expect(message.json().error.message).toBe(frozen)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, filed.id))
    expect(row?.status).toBe('rejete')
    expect(await ctx.db.db.select().from(reportEvents).where(eq(reportEvents.report_id, filed.id))).toEqual(
      historyBefore,
    )
    const citizen = await ctx.app.inject({
      url: '/api/citizen/notifications',
      headers: { 'x-citizen-token': filed.citizenToken },
    })
    // The organisation's message never went out: the device has only the rejection's reason.
    expect(citizen.json().items.map((item: { title: string }) => item.title)).toEqual([
      'Votre signalement a été rejeté',
    ])

    for (const url of [
      '/api/reports/recent',
      '/api/reports/map?bbox=-17.55,14.65,-17.35,14.80',
      '/open311/v2/requests.json',
    ]) {
      const res = await ctx.app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain(filed.id)
      expect(res.body).not.toContain('Publicité déguisée')
    }
    expect(
      (await ctx.app.inject(`/open311/v2/requests.json?service_request_id=${filed.id}`)).body,
    ).not.toContain('Publicité déguisée')
  })
})

describe('GET /api/org/stats and /api/org/me', () => {
  it('counts the managed reports and the messages sent', async () => {
    const org = await createOrganization(ctx.db.db, { categories: ['Propreté'] })
    const session = await loginOrganization(ctx.app, org.email)
    expect((await get('/api/org/stats', session)).json()).toEqual({
      total: 0,
      pending: 0,
      in_progress: 0,
      resolved: 0,
      resolution_rate: 0,
      notifications_sent: 0,
      members: [expect.objectContaining({ open: 0, resolved: 0 })],
    })
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await insertReport(ctx.db.db, { categoryName: 'Propreté' })).id)
    for (const id of ids) await claim(id, session)
    await setStatus(ids[0] ?? '', 'resolu', session)
    await setStatus(ids[1] ?? '', 'en-attente', session)
    await sendMessage(ids[0] ?? '', { title: 'Fini', message: 'Nettoyé.' }, session)
    expect((await get('/api/org/stats', session)).json()).toEqual({
      total: 3,
      pending: 1,
      in_progress: 1,
      resolved: 1,
      resolution_rate: 33,
      notifications_sent: 1,
      // Claimed by its responsable: handed to nobody.
      members: [expect.objectContaining({ open: 0, resolved: 0 })],
    })
  })

  it('reads and edits the profile, refusing an email taken by another organisation', async () => {
    const org = await createOrganization(ctx.db.db, { categories: ['Propreté', 'Voirie'] })
    const session = await loginOrganization(ctx.app, org.email)
    const profile = (await get('/api/org/me', session)).json()
    expect(profile).toMatchObject({ id: org.id, status: 'approved', is_active: true })
    expect(profile.categories.map((c: { nom: string }) => c.nom).sort()).toEqual(['Propreté', 'Voirie'])
    expect(JSON.stringify(profile)).not.toContain('password')

    const edit = (payload: Record<string, string>) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/org/me', payload, headers: bearer(session) })
    const res = await edit({ name: 'Nouveau nom', city: 'Thiès' })
    // An approved organisation's new name waits for an administrator (issue 27, point 4).
    expect(res.json()).toMatchObject({ name: org.name, pending_name: 'Nouveau nom', city: 'Thiès' })
    const other = await createOrganization(ctx.db.db)
    expect((await edit({ email: other.email.toUpperCase(), currentPassword: ORG_PASSWORD })).statusCode).toBe(
      409,
    )
    expect((await edit({ status: 'approved' })).statusCode).toBe(400)
  })
})

describe('PATCH /api/org/me: the login e-mail', () => {
  const edit = (session: Session, payload: Record<string, string>, from = '192.0.2.1') =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/org/me',
      payload,
      headers: { ...bearer(session), 'x-forwarded-for': from },
    })

  it('changes only with the current password: a stolen session cannot take the account', async () => {
    const org = await createOrganization(ctx.db.db)
    const stolen = await loginOrganization(ctx.app, org.email)
    const thief = `voleur-${Date.now()}@example.sn`
    const without = await edit(stolen, { email: thief })
    expect(without.statusCode).toBe(400)
    expect(without.json().error).toMatchObject({
      field: 'currentPassword',
      message: 'Saisissez votre mot de passe actuel pour changer votre identifiant de connexion.',
    })
    const wrong = await edit(stolen, { email: thief, currentPassword: 'devine' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toMatchObject({
      field: 'currentPassword',
      message: 'Le mot de passe actuel est incorrect.',
    })
    // Nothing changed: the owner signs in with their e-mail, the thief's is no login.
    await loginOrganization(ctx.app, org.email)
    await expect(loginOrganization(ctx.app, thief)).rejects.toThrow('401')

    // The other fields, and the same e-mail in another case, need no password.
    const phone = await edit(stolen, { phone: '+221 77 000 00 00', email: org.email.toUpperCase() })
    expect(phone.statusCode).toBe(200)
    // The owner, with their password, changes it.
    const moved = `nouvelle-${Date.now()}@example.sn`
    const right = await edit(stolen, { email: moved, currentPassword: ORG_PASSWORD })
    expect(right.statusCode).toBe(200)
    expect(right.json().email).toBe(moved)
    await loginOrganization(ctx.app, moved)
  })

  it('counts wrong current passwords like failed logins: after 5 from an address, even the right one is refused there', async () => {
    const org = await createOrganization(ctx.db.db)
    const stolen = await loginOrganization(ctx.app, org.email)
    const thief = `voleur-${Date.now()}@example.sn`
    for (let i = 0; i < 5; i++) {
      expect(
        (await edit(stolen, { email: thief, currentPassword: `devine-${i}` }, '198.51.100.70')).statusCode,
      ).toBe(400)
    }
    const right = await edit(stolen, { email: thief, currentPassword: ORG_PASSWORD }, '198.51.100.70')
    expect(right.statusCode).toBe(429)
    expect(right.json().error.message).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.')
    expect((await get('/api/org/me', stolen)).json().email).toBe(org.email)
  })
})

describe('PATCH /api/org/me: the name', () => {
  const rename = (session: Session, name: string) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/org/me', payload: { name }, headers: bearer(session) })
  const decide = async (organizationId: string, nameChange: 'approve' | 'reject') =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizations/${organizationId}`,
      payload: { name_change: nameChange },
      headers: bearer(await loginAdmin(ctx.app)),
    })
  const adminListOf = async (q: string) =>
    (
      await ctx.app.inject({
        url: `/api/admin/organizations?q=${encodeURIComponent(q)}`,
        headers: bearer(await loginAdmin(ctx.app)),
      })
    ).json()

  // The attack of issue 27: an approved organisation renamed itself after a public service and
  // the public report page showed the new name at once.
  it('keeps an approved organisation’s name public until an administrator approves the new one', async () => {
    const org = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    const session = await loginOrganization(ctx.app, org.email)
    const report = await insertReport(ctx.db.db)
    expect((await claim(report.id, session)).statusCode).toBe(200)
    const impostor = `Ville de Dakar — Services techniques ${org.id.slice(0, 8)}`

    const asked = await rename(session, impostor)
    expect(asked.statusCode).toBe(200)
    expect(asked.json()).toMatchObject({ name: org.name, pending_name: impostor, status: 'approved' })
    const shown = async () => (await ctx.app.inject(`/api/reports/${report.id}`)).json().organization_name
    expect(await shown()).toBe(org.name)
    // The administrators see the request in Organisations.
    const listed = await adminListOf(impostor)
    expect(listed.items).toMatchObject([{ id: org.id, name: org.name, pending_name: impostor }])
    expect(listed.counts.name_changes).toBeGreaterThanOrEqual(1)

    expect((await decide(org.id, 'approve')).statusCode).toBe(200)
    expect(await shown()).toBe(impostor)
    expect((await get('/api/org/me', session)).json()).toMatchObject({ name: impostor, pending_name: null })
    // Nothing left to decide.
    const again = await decide(org.id, 'approve')
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('Cette organisation n’a pas demandé de nouveau nom.')
  })

  it('leaves the name as it was when an administrator refuses the new one', async () => {
    const org = await createOrganization(ctx.db.db)
    const session = await loginOrganization(ctx.app, org.email)
    await rename(session, `Nom refusé ${org.id}`)
    expect((await decide(org.id, 'reject')).statusCode).toBe(200)
    expect((await get('/api/org/me', session)).json()).toMatchObject({ name: org.name, pending_name: null })
  })

  it('takes back its request when the organisation gives its own name again', async () => {
    const org = await createOrganization(ctx.db.db)
    const session = await loginOrganization(ctx.app, org.email)
    await rename(session, `Nom demandé ${org.id}`)
    expect((await rename(session, org.name)).json()).toMatchObject({ name: org.name, pending_name: null })
  })

  it('keeps names without bidi, zero-width or control characters, composed, spaces collapsed', async () => {
    const org = await createOrganization(ctx.db.db)
    const session = await loginOrganization(ctx.app, org.email)
    const res = await rename(session, `\u202e\u200b Mairie\u00a0 de\tYoff\u2066 ${org.id.slice(0, 6)}\u200d `)
    expect(res.statusCode).toBe(200)
    expect(res.json().pending_name).toBe(`Mairie de Yoff ${org.id.slice(0, 6)}`)
    const decomposed = await rename(session, `Mairie de Me\u0301dina ${org.id.slice(0, 6)}`)
    expect(decomposed.json().pending_name).toBe(`Mairie de Médina ${org.id.slice(0, 6)}`)
    // Nothing but invisible characters is no name: refused, nothing changed.
    const empty = await rename(session, '\u200b\u202e\u2066 ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toMatchObject({
      field: 'name',
      message: 'Le nom de l’organisation est requis',
    })
    expect((await get('/api/org/me', session)).json().pending_name).toBe(
      `Mairie de Médina ${org.id.slice(0, 6)}`,
    )
  })

  it('refuses a name another organisation bears or asked for, whatever its case and accents', async () => {
    const bearer1 = await createOrganization(ctx.db.db)
    await ctx.db.db
      .update(organizations)
      .set({ name: `Mairie de Grand-Yoff ${bearer1.id}` })
      .where(eq(organizations.id, bearer1.id))
    const asker = await createOrganization(ctx.db.db)
    const askerSession = await loginOrganization(ctx.app, asker.email)
    expect((await rename(askerSession, `Mairie de Hann Bel-Air ${asker.id}`)).statusCode).toBe(200)

    const session = await loginOrganization(ctx.app, (await createOrganization(ctx.db.db)).email)
    for (const taken of [`MAIRIE DE GRAND-YOFF ${bearer1.id}`, `mairie de hann bél-air ${asker.id}`]) {
      const res = await rename(session, taken)
      expect(res.statusCode).toBe(409)
      expect(res.json().error).toMatchObject({
        field: 'name',
        message: 'Une organisation porte déjà ce nom.',
      })
    }
  })

  // Issue 47, point 10: "Маirie de Меdina" (Cyrillic М, а, е) passed as another name than
  // "Mairie de Médina". Names are compared by their confusable skeleton (UTS #39).
  it('refuses a look-alike of a name another organisation bears or asked for: Cyrillic or Greek letters for Latin ones', async () => {
    const suffix = (await createOrganization(ctx.db.db)).id.slice(0, 8)
    await createOrganization(ctx.db.db, { name: `Mairie de Médina ${suffix}` })
    await createOrganization(ctx.db.db, { name: `ONG Set Setal ${suffix}` })
    const asker = await loginOrganization(ctx.app, (await createOrganization(ctx.db.db)).email)
    expect((await rename(asker, `Mairie de Hann Bel-Air ${suffix}`)).statusCode).toBe(200)

    const session = await loginOrganization(ctx.app, (await createOrganization(ctx.db.db)).email)
    for (const lookAlike of [
      // Cyrillic capital Em, small a and small ie.
      `\u041c\u0430irie de \u041c\u0435dina ${suffix}`,
      // The same in small letters: Cyrillic a.
      `m\u0430irie de m\u00e9dina ${suffix}`,
      // Greek capital omicron, then Greek small omicron in small letters.
      `\u039fNG Set Setal ${suffix}`,
      `\u03bfng set setal ${suffix}`,
      // The name another organisation waits to take: Cyrillic a.
      `M\u0430irie de Hann Bel-Air ${suffix}`,
    ]) {
      const res = await rename(session, lookAlike)
      expect(res.statusCode, lookAlike).toBe(409)
      expect(res.json().error).toMatchObject({
        field: 'name',
        message: 'Une organisation porte déjà ce nom.',
      })
    }
    expect((await get('/api/org/me', session)).json().pending_name).toBeNull()
    // A name that only shares words is free.
    expect((await rename(session, `Mairie de Médina-Est ${suffix}`)).statusCode).toBe(200)
  })

  it('refuses to approve a look-alike asked for before look-alikes were refused: 409, nothing changed', async () => {
    const suffix = (await createOrganization(ctx.db.db)).id.slice(0, 8)
    await createOrganization(ctx.db.db, { name: `Mairie de Fann ${suffix}` })
    const asker = await createOrganization(ctx.db.db)
    // Asked for before this check existed: the migration numbers names kept, not requests.
    const lookAlike = `Mairie de F\u0430nn ${suffix}`
    await ctx.db.db
      .update(organizations)
      .set({ pending_name: lookAlike })
      .where(eq(organizations.id, asker.id))
    const res = await decide(asker.id, 'approve')
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('Une organisation porte déjà ce nom.')
    const [row] = await ctx.db.db.select().from(organizations).where(eq(organizations.id, asker.id))
    expect(row).toMatchObject({ name: asker.name, pending_name: lookAlike })
  })
})
