// Issue 31, point 3: the SMS waiting in sms_outbox outlive the instance that wrote them, and two
// instances sending at once send each one once (against the loopback gateway).
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smsOutbox } from '../db/schema'
import { buildTestApp } from '../test/helper'
import { movingClock } from '../test/moving-clock'
import {
  type LoopbackSmsGateway,
  postWebhook,
  receivedSms,
  smsEnv,
  startSmsGateway,
} from '../test/sms-gateway'

type App = Awaited<ReturnType<typeof buildTestApp>>

let gateway: LoopbackSmsGateway
let first: App
const clock = movingClock(new Date('2026-12-02T09:00:00Z'))
// Every instance hashes and encrypts numbers alike: the key is given to each, as with DATABASE_URL.
const env = () => ({ ...smsEnv(gateway), SMS_PRIVACY_KEY: PRIVACY_KEY })
const PRIVACY_KEY = randomBytes(32).toString('base64url')

beforeAll(async () => {
  gateway = await startSmsGateway()
  first = await buildTestApp({ clock, env: env() })
})
afterAll(async () => {
  await first.close()
  await gateway.close()
})

const another = () =>
  buildTestApp({ clock, env: env(), sameDatabaseAs: { testDb: first.testDb, config: first.config } })
const channelOf = (app: App) => {
  if (!app.app.sms) throw new Error('no SMS channel with SMS_* set')
  return app.app.sms
}

/** A webhook of `phone` saying `message`, answered (written to the outbox) but not sent. */
async function answeredNotSent(app: App, phone: string, message: string) {
  const hook = receivedSms(phone, message, clock.now())
  const res = await postWebhook(app.app, hook)
  expect(res.statusCode).toBe(200)
  await channelOf(app).handleWaiting()
}

describe('the SMS outbox', () => {
  it('keeps what an instance wrote for the next one, and the next one sends it', async () => {
    await answeredNotSent(first, '771110001', 'aide')
    // The instance that wrote it stops before sending (its rounds never started): a new one starts.
    await channelOf(first).stop()
    const second = await another()
    try {
      expect(await channelOf(second).sendDue()).toBe(1)
      expect(gateway.sent.filter((sms) => sms.to === '+221771110001')).toHaveLength(1)
    } finally {
      await second.close()
    }
    first = await buildTestApp({
      clock,
      env: env(),
      sameDatabaseAs: { testDb: first.testDb, config: first.config },
    })
  })

  it('sends each SMS once when two instances send at the same time', async () => {
    const second = await another()
    try {
      for (let i = 0; i < 5; i++) await answeredNotSent(first, `77111${String(1000 + i).slice(1)}2`, 'aide')
      const before = gateway.sent.length
      await Promise.all([channelOf(first).sendDue(), channelOf(second).sendDue()])
      expect(gateway.sent.length - before).toBe(5)
      expect(new Set(gateway.sent.slice(before).map((sms) => sms.to)).size).toBe(5)
      const waiting = (await first.db.db.select().from(smsOutbox)).filter((sms) => sms.state === 'waiting')
      expect(waiting).toHaveLength(0)
    } finally {
      await second.close()
    }
  })
})
