import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../test/helper'

// A stand-in for a Nominatim server on loopback, recording what it was asked.
let upstream: Server
const requests: IncomingMessage[] = []
let answering = true

let ctx: TestContext
let offline: TestContext
const upstreamPort = () => (upstream.address() as AddressInfo).port

beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    requests.push(req)
    if (!answering) {
      res.statusCode = 502
      return res.end()
    }
    // A real geocoder takes its time.
    await new Promise((resolve) => setTimeout(resolve, 50))
    res.setHeader('content-type', 'application/json')
    res.end(
      JSON.stringify({
        display_name: 'Rue 10, Médina, Dakar, Sénégal',
        address: {
          suburb: 'Médina',
          city: 'Dakar',
          state: 'Région de Dakar',
          postcode: '12500',
          country: 'Sénégal',
        },
      }),
    )
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const { port } = upstream.address() as AddressInfo
  ctx = await buildTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}` } })
  offline = await buildTestApp({ env: { GEOCODER_URL: '' } })
})
afterAll(async () => {
  await ctx.close()
  await offline.close()
  upstream.close()
})

describe('GET /api/geocode/reverse', () => {
  it('asks the geocoder in French with an identifying User-Agent, and caches by rounded coordinates', async () => {
    const res = await ctx.app.inject('/api/geocode/reverse?lat=14.681312&lon=-17.449321')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      display_name: 'Rue 10, Médina, Dakar, Sénégal',
      city: 'Dakar',
      address: { suburb: 'Médina', city: 'Dakar', state: 'Région de Dakar' },
    })
    expect(requests).toHaveLength(1)
    const asked = new URL(requests[0]?.url ?? '', 'http://x')
    expect(asked.pathname).toBe('/reverse')
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      format: 'jsonv2',
      lat: '14.6813',
      lon: '-17.4493',
      zoom: '16',
      'accept-language': 'fr',
    })
    expect(requests[0]?.headers['user-agent']).toMatch(/^AlertesUrbaines\//)

    // About 5 m away: the same rounded key, answered from the cache.
    const again = await ctx.app.inject('/api/geocode/reverse?lat=14.68129&lon=-17.44934')
    expect(again.json().display_name).toBe('Rue 10, Médina, Dakar, Sénégal')
    expect(requests).toHaveLength(1)
  })

  it('answers 503 in French when the geocoder fails or is turned off', async () => {
    answering = false
    const failed = await ctx.app.inject('/api/geocode/reverse?lat=14.75&lon=-17.5')
    answering = true
    expect(failed.statusCode).toBe(503)
    expect(failed.json().error.message).toBe(
      'Le service d’adresses ne répond pas. La position sera indiquée par ses coordonnées.',
    )
    expect((await offline.app.inject('/api/geocode/reverse?lat=14.75&lon=-17.5')).statusCode).toBe(503)
  })

  it.each(['lat=999&lon=0', 'lat=abc&lon=1', 'lon=1', 'lat=1&lon=-181'])(
    'refuses %s with 400',
    async (query) => {
      const res = await ctx.app.inject(`/api/geocode/reverse?${query}`)
      expect(res.statusCode).toBe(400)
    },
  )
})

/** An app whose log lines (pino's JSON, at LOG_LEVEL info) are kept, and the levels it logged. */
async function loggedApp(env: Record<string, string>) {
  const lines: { level: number; msg: string; res?: { statusCode: number } }[] = []
  const logStream = new PassThrough()
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line))
  })
  const app = await buildTestApp({ env: { LOG_LEVEL: 'info', ...env }, logStream })
  return { ...app, lines, errors: () => lines.filter((line) => line.level >= 50) }
}

describe('GET /api/geocode/reverse in the log', () => {
  it('answers 503 without an error line when geocoding is turned off (GEOCODER_URL empty), nor for bad input', async () => {
    const off = await loggedApp({ GEOCODER_URL: '' })
    try {
      const res = await off.app.inject('/api/geocode/reverse?lat=14.75&lon=-17.5')
      expect(res.statusCode).toBe(503)
      expect(res.json().error.reason).toBe('geocoding.unavailable')
      expect((await off.app.inject('/api/geocode/reverse?lat=999&lon=0')).statusCode).toBe(400)
      expect(off.errors()).toEqual([])
      // The request's own line still tells what was answered, at info.
      expect(off.lines.filter((line) => line.res?.statusCode === 503 && line.level === 30)).toHaveLength(1)
    } finally {
      await off.close()
    }
  })

  it('still logs an error when the configured geocoder fails', async () => {
    const on = await loggedApp({ GEOCODER_URL: `http://127.0.0.1:${upstreamPort()}` })
    answering = false
    try {
      expect((await on.app.inject('/api/geocode/reverse?lat=14.71&lon=-17.41')).statusCode).toBe(503)
      expect(on.errors().map((line) => line.msg)).toEqual(['request failed'])
    } finally {
      answering = true
      await on.close()
    }
  })
})

describe('GET /api/geocode/reverse under load', () => {
  it('refuses at once what would wait longer than the geocoder’s timeout: after a burst of 30, the next answers within 6 s', async () => {
    const busy = await buildTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${upstreamPort()}` } })
    try {
      const ask = (n: number) =>
        busy.app.inject({
          url: `/api/geocode/reverse?lat=${(14.6 + n / 1000).toFixed(4)}&lon=-17.4`,
          headers: { 'x-forwarded-for': `198.51.100.${n + 1}` },
        })
      const burst = Array.from({ length: 30 }, (_, n) => ask(n))
      const started = performance.now()
      const next = await ask(30)
      expect(performance.now() - started).toBeLessThan(6000)
      expect([200, 503]).toContain(next.statusCode)
      // One turn a second, none waited for longer than 4 s: the others were told at once.
      const answers = [...(await Promise.all(burst)), next].map((res) => res.statusCode)
      expect(answers.filter((status) => status === 200).length).toBeLessThanOrEqual(6)
      expect(answers.filter((status) => status === 503).length).toBeGreaterThanOrEqual(25)
    } finally {
      await busy.close()
    }
  })

  it('drops the requests whose client left before their turn', async () => {
    const busy = await buildTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${upstreamPort()}` } })
    await busy.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(busy.app.server.address() as AddressInfo).port}`
    try {
      const before = requests.length
      const leaving = Array.from({ length: 3 }, (_, n) => {
        const controller = new AbortController()
        const asked = fetch(`${base}/api/geocode/reverse?lat=14.8${n}&lon=-17.3`, {
          signal: controller.signal,
        }).catch(() => null)
        return { controller, asked }
      })
      await new Promise((resolve) => setTimeout(resolve, 200))
      for (const { controller } of leaving) controller.abort()
      await Promise.all(leaving.map(({ asked }) => asked))
      await new Promise((resolve) => setTimeout(resolve, 2500))
      // The first took its turn at once; the two that waited never reached the geocoder.
      expect(requests.length - before).toBe(1)
    } finally {
      await busy.close()
    }
  })

  it('limits one address to 30 lookups a minute, with a French 429', async () => {
    const ask = () =>
      ctx.app.inject({
        url: '/api/geocode/reverse?lat=14.681312&lon=-17.449321',
        headers: { 'x-forwarded-for': '203.0.113.80' },
      })
    for (let i = 0; i < 30; i++) expect((await ask()).statusCode).toBe(200)
    const refused = await ask()
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toMatchObject({
      message: 'Trop de recherches d’adresse en peu de temps. Réessayez dans une minute.',
      reason: 'geocoding.tooManyRequests',
    })
  })
})
