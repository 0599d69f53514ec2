// With REDIS_URL, the turns of one account's password checks are one book for every instance (run
// when TEST_REDIS_URL is set; CI sets it). Time is a clock the test moves: no real wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganization } from '../test/accounts'
import { buildTestApp, type TestContext } from '../test/helper'
import { type MovingClock, movingClock, untilOnlyTheClockIsAwaited } from '../test/moving-clock'

const redisUrl = process.env.TEST_REDIS_URL ?? ''
let clock: MovingClock
let first: Awaited<ReturnType<typeof buildTestApp>>
let second: TestContext

beforeAll(async () => {
  clock = movingClock(new Date('2026-12-01T09:00:00Z'))
  first = await buildTestApp({ clock, env: { REDIS_URL: redisUrl } })
  second = await buildTestApp({
    clock,
    env: { REDIS_URL: redisUrl },
    sameDatabaseAs: { testDb: first.testDb, config: first.config },
  })
})
afterAll(async () => {
  await second.close()
  await first.close()
})

/** Sends `count` wrong passwords of `email` at once, to the instances in turn, each from its own address. */
async function guessAtOnce(instances: TestContext[], email: string, count: number) {
  const pending = new Set<Promise<void>>()
  const answers: number[] = []
  for (let n = 0; n < count; n++) {
    const instance = instances[n % instances.length] as TestContext
    const answer = instance.app
      .inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userType: 'organization', email, password: `devine-${n}` },
        headers: { 'x-forwarded-for': `198.18.${Math.floor(n / 250)}.${n % 250}` },
      })
      .then((res) => {
        pending.delete(answer)
        answers.push(res.statusCode)
      })
    pending.add(answer)
  }
  await untilOnlyTheClockIsAwaited(clock, () => pending.size)
  const atOnce = { checked: answers.filter((s) => s === 401).length, held: pending.size }
  // The held ones are checked as their turns come.
  for (let due = clock.nextDue(); due !== undefined; due = clock.nextDue()) {
    clock.moveTo(due)
    await untilOnlyTheClockIsAwaited(clock, () => pending.size)
  }
  return { ...atOnce, refused: answers.filter((s) => s === 429).length }
}

describe('login turns shared through Redis', () => {
  it('put the guesses sent to both instances at once in one order: no more checked than on one instance', async () => {
    const org = await createOrganization(first.db.db)
    const { checked, held, refused } = await guessAtOnce([first, second], org.email, 40)
    // One book: 6 checked at once, 5 held for turns within 10 s, the rest asked to pause. Two
    // books would let each instance check and hold as many.
    expect(checked).toBe(6)
    expect(held).toBe(5)
    expect(refused).toBe(29)
  })

  it('are kept by each instance while Redis does not answer', async () => {
    const away = await buildTestApp({ clock, env: { REDIS_URL: 'redis://127.0.0.1:1' } })
    try {
      const org = await createOrganization(away.db.db)
      expect(await guessAtOnce([away], org.email, 20)).toEqual({ checked: 6, held: 5, refused: 9 })
    } finally {
      await away.close()
    }
  })
})
