// Whose address a limit counts (TRUST_PROXY), shown on the sign-up limit: 5 an hour per address,
// counted before the body is read, so that refused bodies (400) spend it too.
import { afterEach, describe, expect, it } from 'vitest'
import { SIGNUPS_PER_ADDRESS } from '../../domain/organization-rules'
import { buildTestApp, type TestContext } from '../test/helper'
import { clientAddressKey } from './rate-limits'

let ctx: TestContext | undefined
afterEach(async () => {
  await ctx?.close()
  ctx = undefined
})

/** Sends sign-ups (empty ones: 400) until the limit answers; how many were let through. */
async function signupsLetThrough(requests: { remoteAddress: string; forwardedFor: string }[]) {
  let passed = 0
  for (const { remoteAddress, forwardedFor } of requests) {
    const res = await ctx?.app.inject({
      method: 'POST',
      url: '/api/organizations/signup',
      payload: {},
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    })
    if (res?.statusCode === 429) return passed
    passed += 1
  }
  return passed
}

const clients = (remoteAddress: string, count = SIGNUPS_PER_ADDRESS + 2) =>
  Array.from({ length: count }, (_, i) => ({ remoteAddress, forwardedFor: `198.51.100.${i + 1}` }))

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For from a proxy on this machine only, by default', async () => {
    ctx = await buildTestApp()
    // nginx on the same machine: each client is counted on its own.
    expect(await signupsLetThrough(clients('127.0.0.1'))).toBe(SIGNUPS_PER_ADDRESS + 2)
    // A client connecting directly cannot pretend to be others.
    expect(await signupsLetThrough(clients('203.0.113.9'))).toBe(SIGNUPS_PER_ADDRESS)
  })

  it('believes the listed proxies only', async () => {
    ctx = await buildTestApp({ env: { TRUST_PROXY: '10.9.8.0/24, 192.0.2.1' } })
    expect(await signupsLetThrough(clients('10.9.8.7'))).toBe(SIGNUPS_PER_ADDRESS + 2)
    expect(await signupsLetThrough(clients('127.0.0.1'))).toBe(SIGNUPS_PER_ADDRESS)
  })

  it('believes that many hops when given a number', async () => {
    ctx = await buildTestApp({ env: { TRUST_PROXY: '1' } })
    expect(await signupsLetThrough(clients('203.0.113.10'))).toBe(SIGNUPS_PER_ADDRESS + 2)
    // Two hops claimed: only the one next to the proxy is believed.
    const chained = Array.from({ length: SIGNUPS_PER_ADDRESS + 2 }, (_, i) => ({
      remoteAddress: '203.0.113.10',
      forwardedFor: `198.51.100.${i + 1}, 198.18.0.1`,
    }))
    expect(await signupsLetThrough(chained)).toBe(SIGNUPS_PER_ADDRESS)
  })
})

describe('clientAddressKey', () => {
  it('counts an IPv6 client by its /64, and an IPv4 one (mapped or not) by its address', () => {
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe(clientAddressKey('2001:db8:1:2:bbbb::9'))
    expect(clientAddressKey('2001:db8:1:2::1')).not.toBe(clientAddressKey('2001:db8:1:3::1'))
    expect(clientAddressKey('::ffff:198.51.100.4')).toBe('198.51.100.4')
    expect(clientAddressKey('198.51.100.4')).toBe('198.51.100.4')
  })
})
