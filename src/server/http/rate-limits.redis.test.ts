// With REDIS_URL, every instance counts against one budget (run when TEST_REDIS_URL is set; CI sets it).
import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../domain/auth-rules'
import { UNKNOWN_CODES_PER_ADDRESS } from '../../domain/citizen-rules'
import { SIGNUPS_PER_ADDRESS } from '../../domain/organization-rules'
import { createOrganization, ORG_PASSWORD } from '../test/accounts'
import { buildTestApp, type TestContext } from '../test/helper'

const redisUrl = process.env.TEST_REDIS_URL ?? ''
let first: Awaited<ReturnType<typeof buildTestApp>>
let second: TestContext

beforeAll(async () => {
  first = await buildTestApp({ env: { REDIS_URL: redisUrl } })
  second = await buildTestApp({
    env: { REDIS_URL: redisUrl },
    sameDatabaseAs: { testDb: first.testDb, config: first.config },
  })
})
afterAll(async () => {
  await second.close()
  await first.close()
})

/** An address no other run of these tests uses (they may run at once on one Redis). */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`

describe('rate limits shared through Redis', () => {
  it('count the sign-ups of both instances against one budget', async () => {
    const from = freshAddress()
    const signup = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/organizations/signup',
        payload: {},
        headers: { 'x-forwarded-for': from },
      })
    const answers: number[] = []
    for (let i = 0; i < SIGNUPS_PER_ADDRESS + 1; i++) {
      answers.push((await signup(i % 2 === 0 ? first : second)).statusCode)
    }
    expect(answers).toEqual([...Array(SIGNUPS_PER_ADDRESS).fill(400), 429])
  })

  it('count the unknown codes tried on both instances against one budget', async () => {
    const from = freshAddress()
    const track = (ctx: TestContext, code: string) =>
      ctx.app.inject({ url: `/api/reports/track/${code}`, headers: { 'x-forwarded-for': from } })
    for (let n = 0; n < UNKNOWN_CODES_PER_ADDRESS; n++) {
      expect((await track(n % 2 === 0 ? first : second, 'ZZZZZZZZ')).statusCode).toBe(404)
    }
    expect((await track(first, 'ZZZZZZZZ')).statusCode).toBe(429)
    expect((await track(second, 'ZZZZZZZZ')).statusCode).toBe(429)
  })
})

describe('login limits shared through Redis', () => {
  it('count the failures of both instances against one account-and-address budget', async () => {
    const from = freshAddress()
    const org = await createOrganization(first.db.db)
    const attempt = (ctx: TestContext, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userType: 'organization', email: org.email, password },
        headers: { 'x-forwarded-for': from },
      })
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      expect((await attempt(i % 2 === 0 ? first : second, 'mauvais')).statusCode).toBe(401)
    }
    expect((await attempt(first, ORG_PASSWORD)).statusCode).toBe(429)
    expect((await attempt(second, ORG_PASSWORD)).statusCode).toBe(429)
  })
})

describe('rate limits when Redis does not answer', () => {
  it('let requests through rather than refuse them, and the app keeps serving', async () => {
    const away = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } })
    try {
      const answers = new Set<number>()
      for (let i = 0; i < SIGNUPS_PER_ADDRESS + 2; i++) {
        const res = await away.app.inject({
          method: 'POST',
          url: '/api/organizations/signup',
          payload: {},
          headers: { 'x-forwarded-for': '198.51.100.200' },
        })
        answers.add(res.statusCode)
      }
      expect([...answers]).toEqual([400])
      expect((await away.app.inject('/api/health')).statusCode).toBe(200)
    } finally {
      await away.close()
    }
  })
})
