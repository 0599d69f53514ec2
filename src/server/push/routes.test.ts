import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PUSH_MESSAGES } from '../../domain/push'
import { pushDeliveries, pushSubscriptions } from '../db/schema'
import { bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { categoryIdOf, fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'
import { newPhone, type Phone, type PushService, startPushService } from '../test/push-service'

let service: PushService
let ctx: TestContext & { testDb: Awaited<ReturnType<typeof buildTestApp>>['testDb'] }
let clockMs = Date.parse('2026-11-20T08:00:00Z')
const clock = { now: () => new Date(clockMs) }

beforeAll(async () => {
  service = await startPushService()
  ctx = await buildTestApp({ env: { PUSH_SERVICE_ORIGINS: service.origin }, clock })
})
afterAll(async () => {
  await ctx.close()
  await service.close()
})
beforeEach(() => {
  service.received.length = 0
  service.answerWith(201)
})

const asDevice = (token: string) => ({ 'x-citizen-token': token })
/** 65 bytes as a phone's key has, uncompressed form and all, but no point of the P-256 curve. */
const NOT_A_P256_POINT = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url')

function subscribe(token: string, phone: Phone, language = 'fr') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/citizen/push',
    headers: asDevice(token),
    payload: { ...phone.subscription, language },
  })
}

/** A report filed by a new device whose phone is subscribed, and an organisation that claims it. */
async function subscribedReport(language = 'fr') {
  const report = await fileReportAs(ctx.app, { categoryId: await categoryIdOf(ctx.app, 'Voirie') })
  const phone = service.phone()
  expect((await subscribe(report.citizenToken, phone, language)).statusCode).toBe(201)
  const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  const session = await loginOrganization(ctx.app, organization.email)
  return { report, phone, session }
}

const claim = (reportId: string, session: { token: string }) =>
  ctx.app.inject({ method: 'POST', url: `/api/org/reports/${reportId}/claim`, headers: bearer(session) })

const deliverDue = () => ctx.app.push.sender.deliverDue()

describe('GET /api/push/key', () => {
  it('gives the VAPID public key, generated once and kept in DATA_DIR for the server alone', async () => {
    const res = await ctx.app.inject('/api/push/key')
    expect(res.statusCode).toBe(200)
    const { publicKey } = res.json()
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)
    const file = path.join(ctx.config.dataDir, 'vapid-keys.json')
    expect(JSON.parse(readFileSync(file, 'utf8')).publicKey).toBe(publicKey)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })
})

describe('a message from the organisation reaches the filing phone', () => {
  it('arrives encrypted (aes128gcm), signed with VAPID, with a TTL, in French, and opens the report', async () => {
    const { report, phone, session } = await subscribedReport()
    await claim(report.id, session)
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/org/reports/${report.id}/notifications`,
      headers: bearer(session),
      payload: { title: 'Intervention prévue', message: 'Nos équipes passent demain matin.' },
    })
    expect(sent.statusCode).toBe(201)

    await deliverDue()
    const mine = service.received.filter((push) => push.path === `/push/${phone.id}`)
    expect(mine.map((push) => push.payload.body)).toEqual([
      'Votre signalement «\u202fVoirie\u202f» est pris en charge.',
      'Message au sujet de «\u202fVoirie\u202f»\u202f: Intervention prévue\nNos équipes passent demain matin.',
    ])
    const [first] = mine
    expect(first?.headers['content-encoding']).toBe('aes128gcm')
    expect(first?.headers.ttl).toBe('86400')
    const { publicKey } = (await ctx.app.inject('/api/push/key')).json()
    expect(first?.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w.-]+, k=${publicKey}$`))
    expect(first?.payload.url).toBe(`/mes-signalements#signalement-${report.id}`)
    expect(first?.payload.title).toBe('Alertes urbaines')
    // Delivered: nothing waits any more.
    expect(await ctx.db.db.select().from(pushDeliveries)).toEqual([])
  })

  it('speaks the language the phone subscribed in, with the category’s name in it', async () => {
    const { report, session } = await subscribedReport('en')
    await claim(report.id, session)
    await deliverDue()
    expect(service.received.map((push) => push.payload.body)).toEqual([
      'Your report “Roads” is being handled.',
    ])
  })

  it('tells of a resolution, and of a rejection with its reason', async () => {
    const { report, session } = await subscribedReport()
    await claim(report.id, session)
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/org/reports/${report.id}`,
      headers: bearer(session),
      payload: { status: 'resolu' },
    })
    const admin = await loginAdmin(ctx.app)
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${report.id}`,
      headers: bearer(admin),
      payload: { status: 'rejete', reason: 'Doublon d’un autre signalement' },
    })
    await deliverDue()
    expect(service.received.map((push) => push.payload.body)).toEqual([
      'Votre signalement «\u202fVoirie\u202f» est pris en charge.',
      'Votre signalement «\u202fVoirie\u202f» est résolu. Est-ce réglé\u202f?',
      'Votre signalement «\u202fVoirie\u202f» a été rejeté.\nMotif\u202f: Doublon d’un autre signalement',
    ])
  })

  it('tells nobody else: not a device that supports or follows the report, not another report’s', async () => {
    const { report, session } = await subscribedReport()
    const other = await fileReportAs(ctx.app)
    const otherPhone = service.phone()
    await subscribe(other.citizenToken, otherPhone)
    const supported = await ctx.app.inject({
      method: 'POST',
      url: `/api/reports/${report.id}/supports`,
      headers: asDevice(other.citizenToken),
    })
    expect(supported.statusCode).toBe(201)
    const followed = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/follows',
      headers: asDevice(other.citizenToken),
      payload: { code: report.anonymous_code },
    })
    expect(followed.statusCode).toBe(201)
    await claim(report.id, session)
    await deliverDue()
    expect(service.received).toHaveLength(1)
    expect(service.received.some((push) => push.path.endsWith(otherPhone.id))).toBe(false)
  })

  it('stays with the device that subscribed first when another device posts its endpoint', async () => {
    const { report, phone, session } = await subscribedReport()
    const thief = await fileReportAs(ctx.app)
    const moved = await subscribe(thief.citizenToken, phone)
    expect(moved.statusCode).toBe(409)
    expect(moved.json().error).toMatchObject({
      message: 'Cet abonnement aux notifications appartient à un autre appareil.',
      reason: 'push.endpointOfAnotherDevice',
    })
    // The first device keeps its news; the other gets none of them.
    await claim(report.id, session)
    await deliverDue()
    expect(service.received.map((push) => push.path)).toEqual([expect.stringContaining(phone.id)])
    // The device that owns it may still give it anew (a new language).
    expect((await subscribe(report.citizenToken, phone, 'wo')).statusCode).toBe(201)
  })

  it('is not sent when the phone unsubscribed', async () => {
    const { report, phone, session } = await subscribedReport()
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/citizen/push',
      headers: asDevice(report.citizenToken),
      payload: { endpoint: phone.subscription.endpoint },
    })
    expect(res.statusCode).toBe(204)
    await claim(report.id, session)
    await deliverDue()
    expect(service.received).toEqual([])
  })
})

describe('the sender of a running server', () => {
  it('sends by itself right after the change, without waiting for its next round', async () => {
    const { report, session } = await subscribedReport()
    ctx.app.push.sender.start()
    try {
      await claim(report.id, session)
      await expect.poll(() => service.received.length, { timeout: 5000 }).toBe(1)
    } finally {
      await ctx.app.push.sender.stop()
    }
    expect(service.received[0]?.payload.body).toBe(
      'Votre signalement «\u202fVoirie\u202f» est pris en charge.',
    )
  })
})

describe('several instances', () => {
  it('send each notification once, whichever takes it', async () => {
    const reports = await Promise.all([subscribedReport(), subscribedReport(), subscribedReport()])
    for (const { report, session } of reports) await claim(report.id, session)
    const other = await buildTestApp({
      env: { PUSH_SERVICE_ORIGINS: service.origin, DATA_DIR: ctx.config.dataDir },
      clock,
      sameDatabaseAs: { testDb: ctx.testDb, config: ctx.config },
    })
    try {
      await Promise.all([deliverDue(), other.app.push.sender.deliverDue(), deliverDue()])
    } finally {
      await other.close()
    }
    expect(service.received.map((push) => push.path).sort()).toEqual(
      reports.map(({ phone }) => `/push/${phone.id}`).sort(),
    )
  })
})

describe('delivery that fails', () => {
  it('is kept and tried again later when the push service is down, then delivered', async () => {
    const { report, session } = await subscribedReport()
    service.answerWith(503)
    await claim(report.id, session)
    await deliverDue()
    expect(service.received).toEqual([])
    const [waiting] = await ctx.db.db.select().from(pushDeliveries)
    expect(waiting?.attempts).toBe(1)
    expect(Date.parse(waiting?.next_attempt_at ?? '')).toBeGreaterThan(clockMs)

    service.answerWith(201)
    // Not before its time.
    await deliverDue()
    expect(service.received).toEqual([])
    clockMs += 60_000
    await deliverDue()
    expect(service.received).toHaveLength(1)
    expect(await ctx.db.db.select().from(pushDeliveries)).toEqual([])
  })

  it('forgets the subscription when the push service says it is gone (410)', async () => {
    const { report, phone, session } = await subscribedReport()
    service.answerWith(410)
    await claim(report.id, session)
    await deliverDue()
    const left = await ctx.db.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint))
    expect(left).toEqual([])
    expect(await ctx.db.db.select().from(pushDeliveries)).toEqual([])
  })

  it('ends only the subscription whose key cannot encrypt: the others of the round are delivered', async () => {
    // A subscription kept before keys were checked: 65 bytes, but no point of P-256.
    const broken = await subscribedReport()
    await ctx.db.db
      .update(pushSubscriptions)
      .set({ p256dh: NOT_A_P256_POINT })
      .where(eq(pushSubscriptions.endpoint, broken.phone.subscription.endpoint))
    const sound = await subscribedReport()
    await claim(broken.report.id, broken.session)
    await claim(sound.report.id, sound.session)

    await deliverDue()
    expect(service.received.map((push) => push.path)).toEqual([`/push/${sound.phone.id}`])
    expect(
      await ctx.db.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, broken.phone.subscription.endpoint)),
    ).toEqual([])
    // Nothing is left to fail again at the next round.
    expect(await ctx.db.db.select().from(pushDeliveries)).toEqual([])
  })

  it('survives a restart: a notification queued by one app is sent by the next', async () => {
    const { report, session } = await subscribedReport()
    await claim(report.id, session)
    // Another instance (a restarted server) on the same database, with the same keys.
    const next = await buildTestApp({
      env: { PUSH_SERVICE_ORIGINS: service.origin, DATA_DIR: ctx.config.dataDir },
      clock,
      sameDatabaseAs: { testDb: ctx.testDb, config: ctx.config },
    })
    try {
      await next.app.push.sender.deliverDue()
    } finally {
      await next.close()
    }
    expect(service.received.map((push) => push.payload.body)).toEqual([
      'Votre signalement «\u202fVoirie\u202f» est pris en charge.',
    ])
  })
})

describe('POST /api/citizen/push', () => {
  it('refuses a push service that is not a browser’s (no request to any other address)', async () => {
    const report = await fileReportAs(ctx.app)
    for (const endpoint of [
      'http://127.0.0.1:6379/push/x',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
    ]) {
      const phone = newPhone('https://unused.example')
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/citizen/push',
        headers: asDevice(report.citizenToken),
        payload: { ...phone.subscription, endpoint },
      })
      expect(res.statusCode, endpoint).toBe(400)
      expect(res.json().error.message).toBe(PUSH_MESSAGES.unknownService)
    }
    expect(
      await ctx.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, 'x')),
    ).toEqual([])
  })

  it('takes the browsers’ push services', async () => {
    const report = await fileReportAs(ctx.app)
    const phone = newPhone('https://fcm.googleapis.com/fcm/send')
    expect((await subscribe(report.citizenToken, phone)).statusCode).toBe(201)
  })

  it('refuses keys that are not a phone’s, and a device the server does not know', async () => {
    const report = await fileReportAs(ctx.app)
    const phone = service.phone()
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/push',
      headers: asDevice(report.citizenToken),
      payload: { ...phone.subscription, keys: { p256dh: 'abc', auth: phone.subscription.keys.auth } },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain(PUSH_MESSAGES.invalidSubscription)
    expect((await subscribe('B'.repeat(43), phone)).statusCode).toBe(401)
  })

  it('refuses a key of the right length that is not a P-256 point, and keeps nothing', async () => {
    const report = await fileReportAs(ctx.app)
    const phone = service.phone()
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/push',
      headers: asDevice(report.citizenToken),
      payload: { ...phone.subscription, keys: { ...phone.subscription.keys, p256dh: NOT_A_P256_POINT } },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      message: PUSH_MESSAGES.invalidKey,
      reason: 'push.invalidKey',
      field: 'keys.p256dh',
    })
    expect(
      await ctx.db.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint)),
    ).toEqual([])
  })
})
