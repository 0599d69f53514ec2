import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ACCESS_TOKEN_TTL_S } from '../../domain/auth'
import { LIVE_EVENT_MESSAGES, LIVE_STREAM_RECHECK_MS, LIVE_STREAM_TICKET_TTL_S } from '../../domain/events'
import { liveStreamTickets, superadmins } from '../db/schema'
import { hashPassword } from '../passwords'
import { createOrganization, login, loginAdmin, loginOrganization } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { insertReport } from '../test/factories'
import { buildTestApp, buildTwoInstances, type TwoInstances } from '../test/helper'
import { type Listener, listenWith, subscribeToEvents } from '../test/live-events'

// Two server instances on one database: what happens on one reaches the clients of the other.
let instances: TwoInstances
let first: TwoInstances['first']
let secondUrl: string

beforeAll(async () => {
  instances = await buildTwoInstances({ listen: true })
  ;({ first, secondUrl } = instances)
})
afterAll(() => instances.close())

/** Listens to /api/events on the second instance (or `baseUrl`) and collects what arrives. */
const subscribe = (listener: Listener, options: { baseUrl?: string; from?: string } = {}) =>
  subscribeToEvents(options.baseUrl ?? secondUrl, listener, { from: options.from })

describe('GET /api/events', () => {
  it('brings a report filed on one instance to an organisation listening on another', async () => {
    const org = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const session = await loginOrganization(first.app, org.email)
    const stream = await subscribe({ token: session.token })
    const voirie = await insertReport(first.db.db)
    const filed = await fileReportAs(first.app, { categoryId: voirie.category_id })
    await stream.waitFor((e) => e.type === 'reports.changed' && e.reportId === filed.id)
    stream.close()
  })

  it('does not tell an organisation about reports outside its categories', async () => {
    const org = await createOrganization(first.db.db, { categories: ['Propreté'] })
    const stream = await subscribe({ token: (await loginOrganization(first.app, org.email)).token })
    const admin = await subscribe({ token: (await loginAdmin(first.app)).token })
    const road = await insertReport(first.db.db)
    const filed = await fileReportAs(first.app, { categoryId: road.category_id })
    await admin.waitFor((e) => e.reportId === filed.id)
    expect(stream.events.filter((e) => e.reportId === filed.id)).toEqual([])
    stream.close()
    admin.close()
  })

  it('brings a message to the device that filed the report, not to one that follows it', async () => {
    const org = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const session = await loginOrganization(first.app, org.email)
    const road = await insertReport(first.db.db)
    const filed = await fileReportAs(first.app, { categoryId: road.category_id })
    const followed = await first.app.inject({
      method: 'POST',
      url: '/api/citizen/follows',
      payload: { code: filed.anonymous_code },
    })
    const follower = await subscribe({ citizenToken: followed.json().citizenToken })
    const device = await subscribe({ citizenToken: filed.citizenToken })
    const headers = { authorization: `Bearer ${session.token}` }
    await first.app.inject({ method: 'POST', url: `/api/org/reports/${filed.id}/claim`, headers })
    await first.app.inject({
      method: 'POST',
      url: `/api/org/reports/${filed.id}/notifications`,
      headers,
      payload: { title: 'Bonjour', message: 'Nous arrivons.' },
    })
    await device.waitFor((e) => e.type === 'notifications.created' && e.reportId === filed.id)
    expect(device.events.every((e) => e.organizationId === undefined)).toBe(true)
    // The follower hears that the report changed (claimed, then resolved after the message),
    // never that a message was written.
    await first.app.inject({
      method: 'PATCH',
      url: `/api/org/reports/${filed.id}`,
      headers,
      payload: { status: 'resolu' },
    })
    await follower.waitFor(() => follower.events.filter((e) => e.type === 'reports.changed').length >= 2)
    expect(follower.events.filter((e) => e.type === 'notifications.created')).toEqual([])
    device.close()
    follower.close()
  })

  it('ends an organisation’s stream as soon as an administrator suspends it', async () => {
    const org = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const stream = await subscribe({ token: (await loginOrganization(first.app, org.email)).token })
    const other = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const otherStream = await subscribe({ token: (await loginOrganization(first.app, other.email)).token })
    const admin = await loginAdmin(first.app)
    const res = await first.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizations/${org.id}`,
      payload: { is_active: false },
      headers: { authorization: `Bearer ${admin.token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(await stream.endedByServer()).toBe(true)
    // Nothing changes for an organisation still allowed.
    const road = await insertReport(first.db.db)
    const filed = await fileReportAs(first.app, { categoryId: road.category_id })
    await otherStream.waitFor((e) => e.reportId === filed.id)
    otherStream.close()
  })

  it('refuses an unknown ticket with 401 in French', async () => {
    for (const ticket of ['abc', 'C'.repeat(43)]) {
      const res = await fetch(`${secondUrl}/api/events?ticket=${ticket}`)
      expect(res.status).toBe(401)
      expect((await res.json()).error.message).toBe(LIVE_EVENT_MESSAGES.ticketNotValid)
    }
  })

  // Issue 47, point 11: the device token (or an access token) in the stream's address was kept by
  // every proxy log that keeps query strings, and shown in the console when the stream failed.
  it('refuses a device token or an access token in its address with 400 in French, and opens nothing', async () => {
    const filed = await fileReportAs(first.app)
    const org = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const session = await loginOrganization(first.app, org.email)
    for (const query of [`citizenToken=${filed.citizenToken}`, `token=${session.token}`]) {
      const res = await fetch(`${secondUrl}/api/events?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect((await res.json()).error.message).toBe(LIVE_EVENT_MESSAGES.credentialInAddress)
    }
  })

  it('allows 20 streams at once from one address, then answers 429 in French', async () => {
    const from = '198.51.100.60'
    const streams = []
    for (let i = 0; i < 20; i++) streams.push(await subscribe({}, { from }))
    const refused = await fetch(`${secondUrl}/api/events`, { headers: { 'x-forwarded-for': from } })
    expect(refused.status).toBe(429)
    expect((await refused.json()).error.message).toBe(
      'Trop de connexions en direct depuis cette adresse. Fermez des onglets puis réessayez.',
    )
    const elsewhere = await subscribe({}, { from: '198.51.100.61' })
    // Once one closes, the address may open another.
    streams[0]?.close()
    await expect
      .poll(async () => {
        const again = await fetch(`${secondUrl}/api/events`, { headers: { 'x-forwarded-for': from } })
        await again.body?.cancel()
        return again.status
      })
      .toBe(200)
    for (const stream of [...streams, elsewhere]) stream.close()
  })
})

describe('POST /api/events/ticket', () => {
  const askTicket = (headers: Record<string, string>) =>
    first.app.inject({ method: 'POST', url: '/api/events/ticket', headers })

  it('gives a device a ticket that opens its stream on another instance, once', async () => {
    const org = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const session = await loginOrganization(first.app, org.email)
    const road = await insertReport(first.db.db)
    const filed = await fileReportAs(first.app, { categoryId: road.category_id })
    const asked = await askTicket({ 'x-citizen-token': filed.citizenToken })
    expect(asked.statusCode).toBe(200)
    const { ticket, expiresIn } = asked.json()
    expect(expiresIn).toBe(LIVE_STREAM_TICKET_TTL_S)
    expect(ticket).not.toContain(filed.citizenToken)
    const device = await listenWith(secondUrl, `?ticket=${ticket}`)
    await first.app.inject({
      method: 'POST',
      url: `/api/org/reports/${filed.id}/claim`,
      headers: { authorization: `Bearer ${session.token}` },
    })
    await device.waitFor((e) => e.type === 'reports.changed' && e.reportId === filed.id)
    // Spent: neither instance opens a second stream with it.
    const again = await fetch(`${secondUrl}/api/events?ticket=${ticket}`)
    expect(again.status).toBe(401)
    expect((await again.json()).error.message).toBe(LIVE_EVENT_MESSAGES.ticketNotValid)
    expect((await first.app.inject(`/api/events?ticket=${ticket}`)).statusCode).toBe(401)
    device.close()
  })

  it('keeps only the ticket’s hash', async () => {
    const filed = await fileReportAs(first.app)
    const { ticket } = (await askTicket({ 'x-citizen-token': filed.citizenToken })).json()
    const rows = await first.db.db.select().from(liveStreamTickets)
    expect(rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(rows)).not.toContain(ticket)
    expect(JSON.stringify(rows)).not.toContain(filed.citizenToken)
  })

  it('refuses a caller without a session or a device the server knows with 401, handing out nothing', async () => {
    const before = await first.db.db.$count(liveStreamTickets)
    const callers: Record<string, string>[] = [
      {},
      { 'x-citizen-token': 'C'.repeat(43) },
      { authorization: 'Bearer abc' },
    ]
    for (const headers of callers) {
      const res = await askTicket(headers)
      expect(res.statusCode, JSON.stringify(headers)).toBe(401)
      expect(res.json().ticket).toBeUndefined()
    }
    expect(await first.db.db.$count(liveStreamTickets)).toBe(before)
  })

  it('opens nothing with a ticket past its minute', async () => {
    let offsetMs = 0
    const timed = await buildTestApp({ clock: { now: () => new Date(Date.now() + offsetMs) } })
    await timed.app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const baseUrl = `http://127.0.0.1:${(timed.app.server.address() as AddressInfo).port}`
      const filed = await fileReportAs(timed.app)
      const ask = async () =>
        (
          await timed.app.inject({
            method: 'POST',
            url: '/api/events/ticket',
            headers: { 'x-citizen-token': filed.citizenToken },
          })
        ).json().ticket as string
      const late = await ask()
      const inTime = await ask()
      offsetMs = (LIVE_STREAM_TICKET_TTL_S - 1) * 1000
      const stream = await listenWith(baseUrl, `?ticket=${inTime}`)
      stream.close()
      offsetMs = (LIVE_STREAM_TICKET_TTL_S + 1) * 1000
      const res = await fetch(`${baseUrl}/api/events?ticket=${late}`)
      expect(res.status).toBe(401)
      expect((await res.json()).error.message).toBe(LIVE_EVENT_MESSAGES.ticketNotValid)
    } finally {
      await timed.close()
    }
  })

  it('opens nothing for a session that ended between the ticket and the stream', async () => {
    const org = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const session = await loginOrganization(first.app, org.email)
    const headers = { authorization: `Bearer ${session.token}` }
    const { ticket } = (await askTicket(headers)).json()
    await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers, payload: {} })
    expect((await fetch(`${secondUrl}/api/events?ticket=${ticket}`)).status).toBe(401)
  })
})

describe('GET /api/events, checked again while it lasts', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('ends an administrator’s stream within a minute of the deactivation', async () => {
    const [admin] = await first.db.db
      .insert(superadmins)
      .values({ username: `veilleur-${Date.now()}`, password_hash: await hashPassword('veilleur-2026') })
      .returning()
    const session = await login(first.app, {
      userType: 'admin',
      username: admin?.username ?? '',
      password: 'veilleur-2026',
    })
    vi.useFakeTimers({ toFake: ['setInterval'] })
    const stream = await subscribe({ token: session.token })
    await first.db.db
      .update(superadmins)
      .set({ status: 'inactive' })
      .where(eq(superadmins.id, admin?.id ?? ''))
    vi.advanceTimersByTime(LIVE_STREAM_RECHECK_MS)
    expect(await stream.endedByServer()).toBe(true)
  })

  it('ends a stream whose token expired within a minute of the expiry', async () => {
    let offsetMs = 0
    const timed = await buildTestApp({ clock: { now: () => new Date(Date.now() + offsetMs) } })
    await timed.app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const baseUrl = `http://127.0.0.1:${(timed.app.server.address() as AddressInfo).port}`
      const org = await createOrganization(timed.db.db, { categories: ['Voirie'] })
      const session = await loginOrganization(timed.app, org.email)
      vi.useFakeTimers({ toFake: ['setInterval'] })
      const stream = await subscribe({ token: session.token }, { baseUrl })
      vi.advanceTimersByTime(LIVE_STREAM_RECHECK_MS)
      expect(await stream.endedByServer(500)).toBe(false)
      offsetMs = (ACCESS_TOKEN_TTL_S + 1) * 1000
      vi.advanceTimersByTime(LIVE_STREAM_RECHECK_MS)
      expect(await stream.endedByServer()).toBe(true)
    } finally {
      await timed.close()
    }
  })
})
