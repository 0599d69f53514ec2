// Issue 47, point 3: the SMS news opt-in cannot be used to pump SMS. Codes go to Senegalese
// mobiles only (or the countries of SMS_ALLOWED_COUNTRY_CODES), a few a day to one number, and a
// total an hour, counted in the database so that every instance shares them; a code takes at most
// SMS_CONFIRMATION_ATTEMPTS guesses, however many arrive at once. Against the loopback gateway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SMS_CODES_PER_NUMBER,
  SMS_CODES_PER_NUMBER_WINDOW_MS,
  SMS_CODES_WINDOW_MS,
  SMS_CONFIRMATION_ATTEMPTS,
} from '../../domain/sms'
import { fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'
import { type MovingClock, movingClock } from '../test/moving-clock'
import { type LoopbackSmsGateway, smsEnv, startSmsGateway } from '../test/sms-gateway'

/** The hourly total of this file's instances: small, so that a test reaches it. */
const CODES_PER_HOUR = 6
/** The same key on every instance, as SMS_PRIVACY_KEY must be with DATABASE_URL. */
const PRIVACY_KEY = 'cle-de-confidentialite-des-numeros-de-test-0123456789'

let gateway: LoopbackSmsGateway
let clock: MovingClock
let first: Awaited<ReturnType<typeof buildTestApp>>
let second: TestContext
let addresses = 0

beforeAll(async () => {
  gateway = await startSmsGateway()
  clock = movingClock(new Date('2026-12-02T09:00:00Z'))
  const env = { ...smsEnv(gateway), SMS_PRIVACY_KEY: PRIVACY_KEY, SMS_CODES_PER_HOUR: String(CODES_PER_HOUR) }
  first = await buildTestApp({ clock, env })
  second = await buildTestApp({ clock, env, sameDatabaseAs: { testDb: first.testDb, config: first.config } })
})
afterAll(async () => {
  await second?.close()
  await first?.close()
  await gateway.close()
})

/** A device that filed on the site, as the opt-in asks. */
async function newDevice(): Promise<string> {
  return (await fileReportAs(first.app)).citizenToken
}

/**
 * Asks for a code to `phone` from a new address each time (an attacker has many: the limit per
 * address is not what stops them), through one instance or the other.
 */
function askCode(token: string, phone: string, instance: TestContext = first) {
  addresses += 1
  return instance.app.inject({
    method: 'POST',
    url: '/api/citizen/sms-news',
    headers: { 'x-citizen-token': token },
    payload: { phone },
    remoteAddress: `198.51.${Math.floor(addresses / 250)}.${addresses % 250}`,
  })
}

/** What the gateway was given for `e164`, once the instances sent what waits. */
async function smsTo(e164: string): Promise<string[]> {
  if (!first.app.sms || !second.app.sms) throw new Error('no SMS channel')
  await first.app.sms.sendDue()
  await second.app.sms.sendDue()
  return gateway.sent.filter((sms) => sms.to === e164).map((sms) => sms.text)
}

let numbers = 0
/** A Senegalese mobile number no test used yet. */
const newMobile = () => `+22177600${String(++numbers).padStart(4, '0')}`

describe('POST /api/citizen/sms-news', () => {
  it('sends no code outside Senegal’s mobile numbers: 400 in French, nothing sent, nothing kept', async () => {
    const token = await newDevice()
    // Another country, an international premium range, a Senegalese fixed line.
    for (const phone of ['+447700900123', '+882135551234', '+221338001234']) {
      const refused = await askCode(token, phone)
      expect(refused.statusCode, phone).toBe(400)
      expect(refused.json().error).toMatchObject({
        reason: 'smsNews.numberNotAllowed',
        message:
          'Ce numéro ne peut pas recevoir de code\u202f: seuls les numéros de mobile du Sénégal (77 123 45 67), et ceux des pays acceptés par la plateforme, en reçoivent.',
        field: 'phone',
      })
      expect(await smsTo(phone)).toEqual([])
    }
    const state = await first.app.inject({
      url: '/api/citizen/sms-news',
      headers: { 'x-citizen-token': token },
    })
    expect(state.json()).toEqual({ state: 'off' })
  })

  it(`sends one number ${SMS_CODES_PER_NUMBER} codes a day, whatever the device, the address and the instance`, async () => {
    const phone = newMobile()
    for (let i = 0; i < SMS_CODES_PER_NUMBER; i++) {
      const asked = await askCode(await newDevice(), phone, i % 2 === 0 ? first : second)
      expect(asked.statusCode).toBe(200)
    }
    const token = await newDevice()
    for (const instance of [first, second]) {
      const refused = await askCode(token, phone, instance)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error).toMatchObject({
        reason: 'smsNews.numberTooManyCodes',
        message: `Ce numéro a déjà reçu ${SMS_CODES_PER_NUMBER} codes aujourd’hui\u202f: réessayez demain.`,
      })
    }
    expect(await smsTo(phone)).toHaveLength(SMS_CODES_PER_NUMBER)
    // The refused device has no code waiting: nothing of its request was kept.
    const state = await first.app.inject({
      url: '/api/citizen/sms-news',
      headers: { 'x-citizen-token': token },
    })
    expect(state.json()).toEqual({ state: 'off' })

    clock.advance(SMS_CODES_PER_NUMBER_WINDOW_MS)
    expect((await askCode(token, phone, second)).statusCode).toBe(200)
    expect(await smsTo(phone)).toHaveLength(SMS_CODES_PER_NUMBER + 1)
  })

  it(`sends one number ${SMS_CODES_PER_NUMBER} codes when many ask for it at once on two instances`, async () => {
    const phone = newMobile()
    const tokens = await Promise.all(Array.from({ length: 8 }, () => newDevice()))
    const answers = await Promise.all(
      tokens.map((token, i) => askCode(token, phone, i % 2 === 0 ? first : second)),
    )
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(SMS_CODES_PER_NUMBER)
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(8 - SMS_CODES_PER_NUMBER)
    expect(await smsTo(phone)).toHaveLength(SMS_CODES_PER_NUMBER)
    clock.advance(SMS_CODES_PER_NUMBER_WINDOW_MS)
  })

  it(`sends at most SMS_CODES_PER_HOUR codes an hour in all, counted by every instance together`, async () => {
    const token = await newDevice()
    const sent: number[] = []
    for (let i = 0; i < CODES_PER_HOUR; i++) {
      const asked = await askCode(token, newMobile(), i % 2 === 0 ? first : second)
      sent.push(asked.statusCode)
    }
    expect(sent).toEqual(Array(CODES_PER_HOUR).fill(200))
    const phone = newMobile()
    for (const instance of [first, second]) {
      const refused = await askCode(token, phone, instance)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error).toMatchObject({
        reason: 'smsNews.tooManyCodesOverall',
        message: 'Trop de codes envoyés en ce moment\u202f: réessayez dans une heure.',
      })
    }
    expect(await smsTo(phone)).toEqual([])

    clock.advance(SMS_CODES_WINDOW_MS)
    expect((await askCode(token, phone, second)).statusCode).toBe(200)
    expect(await smsTo(phone)).toHaveLength(1)
  })
})

describe('POST /api/citizen/sms-news/confirm', () => {
  it(`checks at most ${SMS_CONFIRMATION_ATTEMPTS} guesses of a code, however many arrive at once`, async () => {
    clock.advance(SMS_CODES_WINDOW_MS)
    const token = await newDevice()
    const phone = newMobile()
    expect((await askCode(token, phone)).statusCode).toBe(200)
    const code = /est (\d{6})\./.exec((await smsTo(phone)).at(-1) ?? '')?.[1] ?? ''
    const wrong = code === '000000' ? '111111' : '000000'
    const guess = (instance: TestContext, guessed: string) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/citizen/sms-news/confirm',
        headers: { 'x-citizen-token': token },
        payload: { code: guessed },
      })

    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => guess(i % 2 === 0 ? first : second, wrong)),
    )
    const reasons = guesses.map((answer) => answer.json().error?.reason)
    expect(reasons.filter((reason) => reason === 'smsNews.wrongCode')).toHaveLength(SMS_CONFIRMATION_ATTEMPTS)
    expect(reasons.filter((reason) => reason === 'smsNews.codeExpired')).toHaveLength(
      30 - SMS_CONFIRMATION_ATTEMPTS,
    )
    // The right code comes too late: its tries are used up.
    const right = await guess(first, code)
    expect(right.json().error?.reason).toBe('smsNews.codeExpired')
    const state = await first.app.inject({
      url: '/api/citizen/sms-news',
      headers: { 'x-citizen-token': token },
    })
    expect(state.json()).toEqual({ state: 'waiting' })
  })
})

describe('SMS_ALLOWED_COUNTRY_CODES', () => {
  it('lets the operator send codes to the countries it lists, and to no other', async () => {
    const elsewhere = await buildTestApp({
      clock,
      env: { ...smsEnv(gateway), SMS_ALLOWED_COUNTRY_CODES: '221,44' },
    })
    try {
      const { citizenToken } = await fileReportAs(elsewhere.app)
      const ask = (phone: string) =>
        elsewhere.app.inject({
          method: 'POST',
          url: '/api/citizen/sms-news',
          headers: { 'x-citizen-token': citizenToken },
          payload: { phone },
        })
      expect((await ask('+447700900123')).statusCode).toBe(200)
      expect((await ask('77 600 99 99')).statusCode).toBe(200)
      expect((await ask('+882135551234')).json().error?.reason).toBe('smsNews.numberNotAllowed')
      expect((await ask('+33612345678')).json().error?.reason).toBe('smsNews.numberNotAllowed')
    } finally {
      await elsewhere.close()
    }
  })
})
