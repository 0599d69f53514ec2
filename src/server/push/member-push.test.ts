// A report handed to a member (issue 29, point 5): their phones are told by Web Push, the same
// durable delivery as the citizen's, and their open pages live (/api/events).
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Session } from '../../domain/auth'
import { PUSH_MESSAGES } from '../../domain/push'
import type { Db } from '../db/database'
import { pushDeliveries, pushSubscriptions } from '../db/schema'
import { tellNewAssignee } from '../reports/assignee-news'
import { addMember, bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { categoryIdOf, fileReportAs } from '../test/citizen'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'
import { subscribeToEvents } from '../test/live-events'
import { type Phone, type PushService, startPushService } from '../test/push-service'

let service: PushService
let ctx: TestContext
let baseUrl: string
let organizationId: string
let responsable: Session
let awa: { id: string; email: string; session: Session }
let moussa: { id: string; email: string; session: Session }

async function agentOf(organization: string) {
  const member = await addMember(ctx.db.db, organization)
  return { id: member.id, email: member.email, session: await loginOrganization(ctx.app, member.email) }
}

beforeAll(async () => {
  service = await startPushService()
  ctx = await buildTestApp({ env: { PUSH_SERVICE_ORIGINS: service.origin } })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  organizationId = organization.id
  responsable = await loginOrganization(ctx.app, organization.email)
  awa = await agentOf(organizationId)
  moussa = await agentOf(organizationId)
})
afterAll(async () => {
  await ctx.close()
  await service.close()
})
beforeEach(async () => {
  service.received.length = 0
  service.answerWith(201)
  // Each test subscribes its own phones.
  await ctx.db.db.delete(pushSubscriptions)
})

const subscribe = (session: Session, phone: Phone) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/org/push',
    headers: bearer(session),
    payload: { ...phone.subscription, language: 'fr' },
  })
const unsubscribe = (session: Session, phone: Phone) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/org/push',
    headers: bearer(session),
    payload: { endpoint: phone.subscription.endpoint },
  })
const handOver = (report: { id: string }, assigneeId: string | null, session = responsable) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/org/reports/${report.id}`,
    headers: bearer(session),
    payload: { assignee_id: assigneeId },
  })
const managedReport = () =>
  insertReport(ctx.db.db, {
    assigned_organization_id: organizationId,
    status: 'en-cours',
    claimed_at: new Date().toISOString(),
    address: 'Rue 6 x Avenue Blaise Diagne, Médina',
  })
const deliverDue = () => ctx.app.push.sender.deliverDue()
const pushesTo = (phone: Phone) => service.received.filter((push) => push.path === `/push/${phone.id}`)

describe('POST /api/org/push', () => {
  it('keeps the phone for the signed-in member, not for a device', async () => {
    const phone = service.phone()
    expect((await subscribe(awa.session, phone)).statusCode).toBe(201)
    // Sent again (new keys, a reinstalled app): still one subscription.
    expect((await subscribe(awa.session, phone)).statusCode).toBe(201)
    const rows = await ctx.db.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint))
    expect(rows).toEqual([expect.objectContaining({ member_id: awa.id, device_hash: null })])
  })

  it('refuses a push service that is not a browser’s', async () => {
    const phone = service.phone()
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/org/push',
      headers: bearer(awa.session),
      payload: { ...phone.subscription, endpoint: 'http://127.0.0.1:6379/push/x' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe(PUSH_MESSAGES.unknownService)
  })

  it('refuses a key that is not a P-256 point (400 in French), and keeps nothing', async () => {
    const phone = service.phone()
    const notAPoint = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url')
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/org/push',
      headers: bearer(awa.session),
      payload: { ...phone.subscription, keys: { ...phone.subscription.keys, p256dh: notAPoint } },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ message: PUSH_MESSAGES.invalidKey, reason: 'push.invalidKey' })
    expect(await ctx.db.db.select().from(pushSubscriptions)).toEqual([])
  })

  it('leaves an endpoint with its first owner, device or member, as the citizen’s route does', async () => {
    const citizenPhone = service.phone()
    const citizen = await fileReportAs(ctx.app)
    const byDevice = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/push',
      headers: { 'x-citizen-token': citizen.citizenToken },
      payload: citizenPhone.subscription,
    })
    expect(byDevice.statusCode).toBe(201)
    // A phone where a citizen subscribed, then an agent signs in: the browser must take a new endpoint.
    const toMember = await subscribe(awa.session, citizenPhone)
    expect(toMember.statusCode).toBe(409)
    expect(toMember.json().error.reason).toBe('push.endpointOfAnotherDevice')

    const agentPhone = service.phone()
    expect((await subscribe(awa.session, agentPhone)).statusCode).toBe(201)
    const toDevice = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/push',
      headers: { 'x-citizen-token': citizen.citizenToken },
      payload: agentPhone.subscription,
    })
    expect(toDevice.statusCode).toBe(409)
    // Two agents on one phone in turn: the second one too.
    expect((await subscribe(moussa.session, agentPhone)).statusCode).toBe(409)
    const owners = await ctx.db.db
      .select({ endpoint: pushSubscriptions.endpoint, member: pushSubscriptions.member_id })
      .from(pushSubscriptions)
    expect(owners).toEqual(
      expect.arrayContaining([
        { endpoint: citizenPhone.subscription.endpoint, member: null },
        { endpoint: agentPhone.subscription.endpoint, member: awa.id },
      ]),
    )
  })

  it('refuses a disabled member (401), and the phones of nobody signed in', async () => {
    const disabled = await agentOf(organizationId)
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/org/members/${disabled.id}`,
      headers: bearer(responsable),
      payload: { status: 'disabled' },
    })
    const phone = service.phone()
    expect((await subscribe(disabled.session, phone)).statusCode).toBe(401)
    expect((await unsubscribe(disabled.session, phone)).statusCode).toBe(401)
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/org/push',
      payload: phone.subscription,
    })
    expect(anonymous.statusCode).toBe(401)
    expect(await ctx.db.db.select().from(pushSubscriptions)).toEqual([])
  })
})

describe('a report handed to a member', () => {
  it('reaches their phone: "Nouveau signalement confié", its category and address, opening Ma tournée', async () => {
    const awaPhone = service.phone()
    const moussaPhone = service.phone()
    await subscribe(awa.session, awaPhone)
    await subscribe(moussa.session, moussaPhone)
    const report = await managedReport()
    expect((await handOver(report, awa.id)).statusCode).toBe(200)
    await deliverDue()
    expect(pushesTo(awaPhone).map((push) => push.payload)).toEqual([
      {
        title: 'Nouveau signalement confié',
        body: 'Voirie\nRue 6 x Avenue Blaise Diagne, Médina',
        tag: `handed-over-${report.id}`,
        url: '/organization/tournee',
      },
    ])
    expect(pushesTo(awaPhone)[0]?.headers['content-encoding']).toBe('aes128gcm')
    // Nobody else of the team is told.
    expect(pushesTo(moussaPhone)).toEqual([])
    expect(await ctx.db.db.select().from(pushDeliveries)).toEqual([])

    // Handed to the same member again: no news; to another one: theirs.
    await handOver(report, awa.id)
    await handOver(report, moussa.id)
    await handOver(report, null)
    await deliverDue()
    expect(service.received.map((push) => push.path)).toEqual([
      `/push/${awaPhone.id}`,
      `/push/${moussaPhone.id}`,
    ])
  })

  it('is sent by the running sender right after the hand-over', async () => {
    const phone = service.phone()
    await subscribe(awa.session, phone)
    ctx.app.push.sender.start()
    try {
      await handOver(await managedReport(), awa.id)
      await expect.poll(() => pushesTo(phone).length, { timeout: 5000 }).toBe(1)
    } finally {
      await ctx.app.push.sender.stop()
    }
  })

  it('tells nobody of an agent’s own claim', async () => {
    const phone = service.phone()
    await subscribe(awa.session, phone)
    const available = await insertReport(ctx.db.db)
    const claimed = await ctx.app.inject({
      method: 'POST',
      url: `/api/org/reports/${available.id}/claim`,
      headers: bearer(awa.session),
    })
    expect(claimed.statusCode).toBe(200)
    await deliverDue()
    expect(service.received).toEqual([])
    expect(await ctx.db.db.select().from(pushDeliveries)).toEqual([])
  })

  it('is not sent to a phone its member unsubscribed', async () => {
    const phone = service.phone()
    await subscribe(awa.session, phone)
    expect((await unsubscribe(awa.session, phone)).statusCode).toBe(204)
    await handOver(await managedReport(), awa.id)
    await deliverDue()
    expect(service.received).toEqual([])
  })

  it('leaves with its change or not at all: a change rolled back tells nobody', async () => {
    const phone = service.phone()
    await subscribe(awa.session, phone)
    const stream = await subscribeToEvents(baseUrl, { token: awa.session.token })
    try {
      const before = await managedReport()
      const after = { ...before, assignee_id: awa.id }
      const actor = { type: 'organization' as const, id: organizationId }
      const failure = ctx.db.db.transaction(async (tx) => {
        await tellNewAssignee(tx as unknown as Db, { before, after, actor, at: new Date() })
        throw new Error('the change fails after its news were written')
      })
      await expect(failure).rejects.toThrow('the change fails')
      expect(await ctx.db.db.select().from(pushDeliveries)).toEqual([])
      // Committed, the same news arrive.
      await ctx.db.db.transaction(async (tx) => {
        await tellNewAssignee(tx as unknown as Db, { before, after, actor, at: new Date() })
      })
      await stream.waitFor((event) => event.type === 'reports.handed-over')
      expect(stream.events.filter((event) => event.type === 'reports.handed-over')).toHaveLength(1)
      await deliverDue()
      expect(pushesTo(phone)).toHaveLength(1)
    } finally {
      stream.close()
    }
  })
})

describe('GET /api/events, a report handed to a member', () => {
  it('tells that member live, with its category, and nobody else', async () => {
    const listen = (session: Session) => subscribeToEvents(baseUrl, { token: session.token })
    const [awaStream, moussaStream, responsableStream] = await Promise.all([
      listen(awa.session),
      listen(moussa.session),
      listen(responsable),
    ])
    const adminStream = await listen(await loginAdmin(ctx.app))
    try {
      const report = await managedReport()
      await handOver(report, awa.id)
      await awaStream.waitFor((event) => event.type === 'reports.handed-over')
      expect(awaStream.events.filter((event) => event.type === 'reports.handed-over')).toEqual([
        { type: 'reports.handed-over', reportId: report.id, organizationId, category: 'Voirie' },
      ])
      // A later event reaches the others: had they been sent the hand-over, it came before.
      const filed = await fileReportAs(ctx.app, { categoryId: await categoryIdOf(ctx.app, 'Voirie') })
      for (const stream of [moussaStream, responsableStream, adminStream]) {
        await stream.waitFor((event) => event.reportId === filed.id)
        expect(stream.events.filter((event) => event.type === 'reports.handed-over')).toEqual([])
      }
    } finally {
      for (const stream of [awaStream, moussaStream, responsableStream, adminStream]) stream.close()
    }
  })
})
