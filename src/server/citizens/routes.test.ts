import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications, organizations, reportEvents, reports } from '../db/schema'
import { fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

/** The organisation that answers: one of its name (names are unique). */
async function mairieDeDakar() {
  const [known] = await ctx.db.db
    .select()
    .from(organizations)
    .where(eq(organizations.name, 'Mairie de Dakar'))
  if (known) return known
  const [created] = await ctx.db.db
    .insert(organizations)
    .values({
      name: 'Mairie de Dakar',
      type: 'mairie',
      email: 'mairie@example.sn',
      phone: '+221 33 000 00 00',
      address: 'Place de l’Indépendance',
      city: 'Dakar',
      status: 'approved',
    })
    .returning()
  return created
}

/** An organisation's answer, written as the organisation space will write it. */
async function answer(reportId: string, title: string, message: string) {
  const org = await mairieDeDakar()
  await ctx.db.db
    .update(reports)
    .set({ status: 'resolu', assigned_organization_id: org?.id })
    .where(eq(reports.id, reportId))
  await ctx.db.db.insert(reportEvents).values([
    {
      report_id: reportId,
      kind: 'claimed',
      actor_type: 'organization',
      from_status: 'en-attente',
      to_status: 'en-cours',
    },
    { report_id: reportId, kind: 'message_sent', actor_type: 'organization', data: { title } },
  ])
  await ctx.db.db
    .insert(notifications)
    .values({ report_id: reportId, organization_id: org?.id, title, message })
}

const asDevice = (token: string) => ({ 'x-citizen-token': token })

describe('GET /api/citizen/reports', () => {
  it('lists only this device’s reports, newest first, with their history', async () => {
    const first = await fileReportAs(ctx.app, { description: 'Premier signalement de cet appareil' })
    const second = await fileReportAs(ctx.app, {
      token: first.citizenToken,
      description: 'Second signalement de cet appareil',
    })
    await fileReportAs(ctx.app, { description: 'Signalement d’un autre habitant' })
    await answer(first.id, 'Intervention prévue', 'Nos équipes passent demain matin.')

    const res = await ctx.app.inject({ url: '/api/citizen/reports', headers: asDevice(first.citizenToken) })
    expect(res.statusCode).toBe(200)
    const items = res.json().items
    expect(items.map((r: { id: string }) => r.id)).toEqual([second.id, first.id])
    expect(items[1].history.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'claimed',
      'message_sent',
    ])
    expect(items[1].history[2].title).toBe('Intervention prévue')
    expect(items[1].status).toBe('resolu')
    expect(res.body).not.toContain('reporter_hash')
  })

  it('refuses a missing or unknown device token with 401', async () => {
    expect((await ctx.app.inject('/api/citizen/reports')).statusCode).toBe(401)
    const res = await ctx.app.inject({ url: '/api/citizen/reports', headers: asDevice('B'.repeat(43)) })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /api/citizen/notifications', () => {
  it('shows the messages about this device’s reports, unread first counted, then marks them read', async () => {
    const mine = await fileReportAs(ctx.app)
    const other = await fileReportAs(ctx.app)
    await answer(mine.id, 'Problème résolu', 'Le lampadaire a été réparé.')
    await answer(other.id, 'Pour quelqu’un d’autre', 'Message privé')

    const res = await ctx.app.inject({
      url: '/api/citizen/notifications',
      headers: asDevice(mine.citizenToken),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      unread: 1,
      items: [
        {
          title: 'Problème résolu',
          message: 'Le lampadaire a été réparé.',
          anonymous_code: mine.anonymous_code,
          read_at: null,
        },
      ],
    })
    expect(res.body).not.toContain('Message privé')

    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/notifications/read',
      headers: asDevice(mine.citizenToken),
    })
    expect(read.statusCode).toBe(204)
    const after = await ctx.app.inject({
      url: '/api/citizen/notifications',
      headers: asDevice(mine.citizenToken),
    })
    expect(after.json().unread).toBe(0)
    const otherDevice = await ctx.app.inject({
      url: '/api/citizen/notifications',
      headers: asDevice(other.citizenToken),
    })
    expect(otherDevice.json().unread).toBe(1)
  })
})

describe('GET /api/reports/track/:code', () => {
  it('gives the public status and dates of a report, nothing private', async () => {
    const filed = await fileReportAs(ctx.app, { description: 'Description qui reste privée au suivi' })
    const res = await ctx.app.inject(`/api/reports/track/${filed.anonymous_code.toLowerCase()}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      anonymous_code: filed.anonymous_code,
      status: 'en-attente',
      claimed_at: null,
      history: [{ kind: 'created', to_status: 'en-attente' }],
    })
    expect(res.body).not.toContain('Description qui reste privée')
    expect(res.body).not.toContain('latitude')
  })

  it('names the organisation that handles the report, and its id for the link to its public page', async () => {
    const filed = await fileReportAs(ctx.app)
    const before = (await ctx.app.inject(`/api/reports/track/${filed.anonymous_code}`)).json()
    expect(before).toMatchObject({ id: filed.id, organization_name: null })
    await answer(filed.id, 'Intervention prévue', 'Nos équipes passent demain matin.')
    const res = await ctx.app.inject(`/api/reports/track/${filed.anonymous_code}`)
    expect(res.json()).toMatchObject({ id: filed.id, organization_name: 'Mairie de Dakar' })
    // The message's title stays the filing device's.
    expect(res.body).not.toContain('Intervention prévue')
  })

  it('reads a code as people copy it: with spaces or a dash, in lower case', async () => {
    const filed = await fileReportAs(ctx.app)
    const code = filed.anonymous_code.toLowerCase()
    for (const copied of [`${code.slice(0, 4)} ${code.slice(4)}`, `${code.slice(0, 4)}-${code.slice(4)}`]) {
      const res = await ctx.app.inject(`/api/reports/track/${encodeURIComponent(copied)}`)
      expect(res.statusCode, copied).toBe(200)
      expect(res.json()).toMatchObject({ id: filed.id, anonymous_code: filed.anonymous_code })
    }
  })

  it('answers an unknown code with 404 and a malformed one with 400, in French and by reason', async () => {
    const unknown = await ctx.app.inject('/api/reports/track/ZZZZZZZZ')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error).toEqual({
      code: 'not_found',
      message: 'Aucun signalement ne correspond à ce code. Vérifiez les 8 caractères.',
      reason: 'tracking.notFound',
    })
    const malformed = await ctx.app.inject('/api/reports/track/abc')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error).toEqual({
      code: 'invalid_input',
      message: 'Le code comporte 8 caractères (lettres et chiffres).',
      field: 'code',
      reason: 'tracking.invalidCode',
    })
  })
})

describe('POST /api/citizen/follows', () => {
  it('adds a report found by code to this device’s reports, creating a device when needed', async () => {
    const filed = await fileReportAs(ctx.app)
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/follows',
      payload: { code: filed.anonymous_code },
    })
    expect(res.statusCode).toBe(201)
    const { citizenToken } = res.json()
    expect(citizenToken).not.toBe(filed.citizenToken)
    const list = await ctx.app.inject({ url: '/api/citizen/reports', headers: asDevice(citizenToken) })
    expect(list.json().items).toMatchObject([{ id: filed.id, filed_by_this_device: false }])

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/follows',
      payload: { code: filed.anonymous_code },
      headers: asDevice(citizenToken),
    })
    expect(again.statusCode).toBe(201)
    expect(again.json().citizenToken).toBe(citizenToken)
    expect(
      (await ctx.app.inject({ url: '/api/citizen/reports', headers: asDevice(citizenToken) })).json().items,
    ).toHaveLength(1)
  })

  it('follows a code written with spaces and in lower case', async () => {
    const filed = await fileReportAs(ctx.app)
    const code = filed.anonymous_code.toLowerCase()
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/follows',
      payload: { code: ` ${code.slice(0, 4)} ${code.slice(4)} ` },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().report_id).toBe(filed.id)
  })

  it('refuses an unknown code and changes nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/follows',
      payload: { code: '22222222' },
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('looking reports up by code', () => {
  const track = (code: string, from: string) =>
    ctx.app.inject({ url: `/api/reports/track/${code}`, headers: { 'x-forwarded-for': from } })
  const follow = (code: string, from: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/follows',
      payload: { code },
      headers: { 'x-forwarded-for': from },
    })
  // Codes of the alphabet that no report of these tests has (8 characters, no 0/O/1/I/L).
  const unknownCode = (n: number) => `ZZZZ${String(n).padStart(4, '2').replace(/[01]/g, '9')}`

  it('allows 30 unknown codes an hour from one address, then answers 429 in French, known codes included', async () => {
    const filed = await fileReportAs(ctx.app)
    const from = '198.51.100.130'
    for (let n = 0; n < 15; n++) {
      // A known code costs nothing of the smaller budget.
      expect((await track(filed.anonymous_code, from)).statusCode).toBe(200)
      expect((await track(unknownCode(n), from)).statusCode).toBe(404)
      expect((await follow(unknownCode(n + 50), from)).statusCode).toBe(404)
    }
    for (const refused of [
      await track(filed.anonymous_code, from),
      await follow(filed.anonymous_code, from),
    ]) {
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error).toMatchObject({
        message: 'Trop de codes essayés depuis cette adresse. Réessayez dans une heure.',
        reason: 'tracking.tooManyCodes',
      })
    }
    // Another address is not held back.
    expect((await track(filed.anonymous_code, '198.51.100.131')).statusCode).toBe(200)
  })

  it('counts IPv6 clients by their /64 network', async () => {
    for (let n = 0; n < 30; n++) {
      expect((await track(unknownCode(n), `2001:db8:a:b::${(n + 1).toString(16)}`)).statusCode).toBe(404)
    }
    expect((await track(unknownCode(99), '2001:db8:a:b:ffff::1')).statusCode).toBe(429)
    expect((await track(unknownCode(99), '2001:db8:a:c::1')).statusCode).toBe(404)
  })
})
