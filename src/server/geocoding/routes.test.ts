import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GEOCODE_MAX_ANSWER_BYTES, GEOCODE_MIN_INTERVAL_MS, GEOCODE_TIMEOUT_MS } from '../../domain/geocoding'
import { buildTestApp, type TestContext } from '../test/helper'
import { movingClock } from '../test/moving-clock'
import { createNominatimGeocoder } from './reverse-geocoder'

// A stand-in for a Nominatim server on loopback, recording what it was asked.
let upstream: Server
const requests: IncomingMessage[] = []
let answering = true
/** What the stand-in answers instead of a place, while a test has it misbehave. */
let misbehaving: ((res: ServerResponse) => void) | undefined

const NOMINATIM_ANSWER = {
  display_name: 'Rue 10, Médina, Dakar, Sénégal',
  address: {
    suburb: 'Médina',
    city: 'Dakar',
    state: 'Région de Dakar',
    postcode: '12500',
    country: 'Sénégal',
  },
}
/** What the API answers for NOMINATIM_ANSWER. */
const MEDINA = {
  display_name: 'Rue 10, Médina, Dakar, Sénégal',
  city: 'Dakar',
  address: { suburb: 'Médina', city: 'Dakar', state: 'Région de Dakar' },
}

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
    if (misbehaving) return misbehaving(res)
    // A real geocoder takes its time.
    await new Promise((resolve) => setTimeout(resolve, 50))
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(NOMINATIM_ANSWER))
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
    expect(res.json()).toEqual(MEDINA)
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

/** A Nominatim answer for Médina padded with spaces to `bytes` bytes, as JSON. */
function answerOfSize(bytes: number) {
  const answer = JSON.stringify(NOMINATIM_ANSWER)
  return `${answer}${' '.repeat(bytes - Buffer.byteLength(answer))}`
}

/**
 * Sends `bytes` bytes of a Nominatim answer by chunks, as fast as the client reads them (no
 * Content-Length). Resolves true when all of it was sent, false when the client hung up before.
 */
function streamAnswer(res: ServerResponse, bytes: number): Promise<boolean> {
  const answer = JSON.stringify(NOMINATIM_ANSWER)
  const chunk = ' '.repeat(16 * 1024)
  return new Promise((resolve) => {
    res.once('close', () => resolve(res.writableFinished))
    void (async () => {
      res.setHeader('content-type', 'application/json')
      res.write(answer)
      for (let sent = Buffer.byteLength(answer); sent < bytes && !res.destroyed; sent += chunk.length) {
        if (!res.write(chunk.slice(0, bytes - sent))) {
          await new Promise((drained) => {
            res.once('drain', drained)
            res.once('close', drained)
          })
        }
      }
      if (!res.destroyed) res.end()
    })()
  })
}

describe('GET /api/geocode/reverse when the geocoder misbehaves', () => {
  /** What a client is answered when the geocoder cannot be reached at all. */
  async function answerWhenUnreachable(url: string) {
    const down = await buildTestApp({ env: { GEOCODER_URL: 'http://127.0.0.1:1' } })
    try {
      const res = await down.app.inject(url)
      return { status: res.statusCode, body: res.json() }
    } finally {
      await down.close()
    }
  }

  it('does not follow a redirect to another host: caches nothing from it, answers as when the geocoder is down', async () => {
    // Where the redirect leads: another host, with its own idea of the place.
    const elsewhereAsked: string[] = []
    const elsewhere = createServer((req, res) => {
      elsewhereAsked.push(req.url ?? '')
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ display_name: 'Chez un tiers', address: { city: 'Ailleurs' } }))
    })
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.2', resolve))
    const url = '/api/geocode/reverse?lat=14.7611&lon=-17.3911'
    try {
      misbehaving = (res) => {
        res.statusCode = 302
        res.setHeader('location', `http://127.0.0.2:${(elsewhere.address() as AddressInfo).port}/reverse`)
        res.end()
      }
      const redirected = await ctx.app.inject({ url, headers: { 'x-forwarded-for': '203.0.113.91' } })
      misbehaving = undefined
      expect({ status: redirected.statusCode, body: redirected.json() }).toEqual(
        await answerWhenUnreachable(url),
      )
      expect(redirected.statusCode).toBe(503)
      expect(elsewhereAsked).toEqual([])
      // Nothing was kept: the same place, asked again, is asked of the geocoder again.
      const asked = requests.length
      const again = await ctx.app.inject({ url, headers: { 'x-forwarded-for': '203.0.113.91' } })
      expect(again.json()).toEqual(MEDINA)
      expect(requests.length).toBe(asked + 1)
    } finally {
      misbehaving = undefined
      elsewhere.close()
    }
  })

  it('refuses an answer whose Content-Length is over 64 KB before its body comes, and caches nothing', async () => {
    const busy = await appOnManualClock()
    const url = '/api/geocode/reverse?lat=14.7622&lon=-17.3922'
    let hungUp: Promise<unknown> | undefined
    // It says how long it is, then sends nearly nothing of it, and keeps the connection open.
    misbehaving = (res) => {
      hungUp = new Promise((resolve) => res.once('close', resolve))
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(GEOCODE_MAX_ANSWER_BYTES + 1),
      })
      res.write('{"display_name":')
    }
    try {
      const refused = await busy.app.inject(url)
      misbehaving = undefined
      expect(refused.statusCode).toBe(503)
      expect(refused.json().error.reason).toBe('geocoding.unavailable')
      // Time stood still: no timeout ran out. The proxy hung up on the promise of a long answer.
      expect(busy.clock.now().getTime()).toBe(0)
      await hungUp
      // Nothing was kept: the same place, asked again at its turn, is asked of the geocoder again.
      const asked = requests.length
      const again = busy.app.inject(url)
      await vi.waitFor(() => expect(busy.asked()).toBe(2), { timeout: 20_000 })
      busy.clock.runNext()
      expect((await again).json()).toEqual(MEDINA)
      expect(requests.length).toBe(asked + 1)
    } finally {
      misbehaving = undefined
      await busy.drain()
      await busy.close()
    }
  })

  it('stops reading an answer that grows past 64 KB, and caches nothing', async () => {
    const url = '/api/geocode/reverse?lat=14.7633&lon=-17.3933'
    const headers = { 'x-forwarded-for': '203.0.113.93' }
    // No Content-Length: 32 MB sent as fast as they are read, 512 times the limit.
    let sentWhole: Promise<boolean> | undefined
    misbehaving = (res) => {
      sentWhole = streamAnswer(res, 32 * 1024 * 1024)
    }
    try {
      const refused = await ctx.app.inject({ url, headers })
      misbehaving = undefined
      expect(refused.statusCode).toBe(503)
      expect(refused.json().error.reason).toBe('geocoding.unavailable')
      // The proxy hung up before the end: it did not read (nor keep) the whole of it.
      expect(await sentWhole).toBe(false)
      // Nothing was kept: the same place, asked again, is asked of the geocoder again.
      const asked = requests.length
      expect((await ctx.app.inject({ url, headers })).json()).toEqual(MEDINA)
      expect(requests.length).toBe(asked + 1)
    } finally {
      misbehaving = undefined
    }
  })

  it('takes an answer of 64 KB exactly, sent at once or by chunks', async () => {
    misbehaving = (res) => res.end(answerOfSize(GEOCODE_MAX_ANSWER_BYTES))
    try {
      const whole = await ctx.app.inject({
        url: '/api/geocode/reverse?lat=14.7644&lon=-17.3944',
        headers: { 'x-forwarded-for': '203.0.113.94' },
      })
      expect(whole.json()).toEqual(MEDINA)
      misbehaving = (res) => void streamAnswer(res, GEOCODE_MAX_ANSWER_BYTES)
      const chunked = await ctx.app.inject({
        url: '/api/geocode/reverse?lat=14.7655&lon=-17.3955',
        headers: { 'x-forwarded-for': '203.0.113.94' },
      })
      expect(chunked.json()).toEqual(MEDINA)
    } finally {
      misbehaving = undefined
    }
  })
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

  it('logs a failing geocoder as expected: one warning without a stack, no error', async () => {
    const on = await loggedApp({ GEOCODER_URL: `http://127.0.0.1:${upstreamPort()}` })
    answering = false
    try {
      expect((await on.app.inject('/api/geocode/reverse?lat=14.71&lon=-17.41')).statusCode).toBe(503)
      expect(on.errors()).toEqual([])
      const warnings = on.lines.filter((line) => line.msg === 'geocoder did not answer')
      expect(warnings.map((line) => line.level)).toEqual([40])
      expect(JSON.stringify(warnings)).not.toContain('stack')
    } finally {
      answering = true
      await on.close()
    }
  })
})

/**
 * An app whose geocoder (on the stand-in) counts its turns on a clock the test moves: what a test
 * asserts is which lookups got a turn, in what order, not how fast this machine is.
 */
async function appOnManualClock() {
  const clock = movingClock()
  const geocoder = createNominatimGeocoder({
    baseUrl: `http://127.0.0.1:${upstreamPort()}`,
    userAgent: 'AlertesUrbaines/test',
    clock,
  })
  let asked = 0
  let answered = 0
  let over = 0
  const app = await buildTestApp({
    geocoder: {
      enabled: true,
      reverse(latitude, longitude, asker) {
        asked++
        return geocoder.reverse(latitude, longitude, asker).then((answer) => {
          over++
          if (answer) answered++
          return answer
        })
      },
    },
  })
  return {
    ...app,
    clock,
    /** Lookups that reached the geocoder, that it answered with a place, that are over. */
    asked: () => asked,
    answered: () => answered,
    over: () => over,
    /**
     * Moves time on to the next turn, and waits for its lookup to be answered: `answeredAfter`
     * lookups then have their place. Time never moves while one is at the geocoder for longer
     * than a turn: its timeout, on this clock too, does not run out.
     */
    async nextTurn(answeredAfter: number) {
      clock.runNext()
      await vi.waitFor(() => expect(answered).toBe(answeredAfter), { timeout: 20_000 })
    },
    /** Lets every lookup still waiting have its turn (or its timeout), for the app to close. */
    async drain() {
      clock.advance(60 * GEOCODE_TIMEOUT_MS)
      await vi.waitFor(() => expect(over).toBe(asked), { timeout: 20_000 })
    },
  }
}

/** As many turns as fit in the geocoder's timeout, after the one taken at once. */
const TURNS_WITHIN_TIMEOUT = GEOCODE_TIMEOUT_MS / GEOCODE_MIN_INTERVAL_MS

describe('GET /api/geocode/reverse under load', () => {
  it('refuses at once what would wait longer than the geocoder’s timeout: after a burst of 30, the next answers at once', async () => {
    const busy = await appOnManualClock()
    try {
      const ask = (n: number) =>
        busy.app.inject({
          url: `/api/geocode/reverse?lat=${(14.6 + n / 1000).toFixed(4)}&lon=-17.4`,
          headers: { 'x-forwarded-for': `198.51.100.${n + 1}` },
        })
      const burst = Array.from({ length: 30 }, (_, n) => ask(n))
      await vi.waitFor(() => expect(busy.asked()).toBe(30), { timeout: 20_000 })
      // Time stands still: the next is answered without waiting for any turn.
      const next = await ask(30)
      expect(next.statusCode).toBe(503)
      expect(busy.clock.now().getTime()).toBe(0)
      // One turn at once, then one a second for those that fit in the timeout.
      for (let turn = 2; turn <= 1 + TURNS_WITHIN_TIMEOUT; turn++) await busy.nextTurn(turn)
      const answers = (await Promise.all(burst)).map((res) => res.statusCode)
      expect(answers.filter((status) => status === 200)).toHaveLength(1 + TURNS_WITHIN_TIMEOUT)
      expect(answers.filter((status) => status === 503)).toHaveLength(30 - 1 - TURNS_WITHIN_TIMEOUT)
    } finally {
      await busy.drain()
      await busy.close()
    }
  })

  it('drops the requests whose client left before their turn', async () => {
    const busy = await appOnManualClock()
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
      // The first took its turn at once; the two others wait for theirs, time standing still.
      await vi.waitFor(
        () => {
          expect(busy.asked()).toBe(3)
          expect(requests.length - before).toBe(1)
        },
        { timeout: 20_000 },
      )
      for (const { controller } of leaving) controller.abort()
      await Promise.all(leaving.map(({ asked }) => asked))
      // Their clients gone, the two waiting give their turns up without being served...
      await vi.waitFor(() => expect(busy.over()).toBe(3), { timeout: 20_000 })
      // ...and their turns' time reaches nobody: the geocoder was asked once.
      busy.clock.advance(2 * GEOCODE_MIN_INTERVAL_MS)
      await new Promise((resolve) => setImmediate(resolve))
      expect(requests.length - before).toBe(1)
    } finally {
      await busy.close()
    }
  })

  it('serves addresses in turn: eight addresses that keep it busy cannot starve a ninth', async () => {
    const busy = await appOnManualClock()
    const busyAddresses = Array.from({ length: 8 }, (_, n) => `192.0.2.${n + 1}`)
    const ninth = '203.0.113.99'
    let sent = 0
    const ask = (address: string) => {
      sent++
      return busy.app.inject({
        url: `/api/geocode/reverse?lat=${(14.5 + sent / 10_000).toFixed(4)}&lon=-17.2`,
        headers: { 'x-forwarded-for': address },
      })
    }
    const ninthAnswers: Promise<{ status: number; servedNext: boolean }>[] = []
    try {
      // Each of the eight asks once a second (within its 30 a minute): eight times what the
      // geocoder takes. The ninth asks once every nine seconds: its share of the turns.
      for (let second = 1; second <= 27; second++) {
        for (const address of busyAddresses) void ask(address)
        await vi.waitFor(() => expect(busy.asked()).toBe(sent), { timeout: 20_000 })
        if (second % 9 === 0) {
          // The last turn's lookup is answered: the geocoder's next request is the next turn's.
          const nextAtGeocoder = requests.length
          const asking = ask(ninth)
          const lat = (14.5 + sent / 10_000).toFixed(4)
          ninthAnswers.push(
            asking.then((res) => ({
              status: res.statusCode,
              servedNext:
                new URL(requests[nextAtGeocoder]?.url ?? '', 'http://x').searchParams.get('lat') === lat,
            })),
          )
          await vi.waitFor(() => expect(busy.asked()).toBe(sent), { timeout: 20_000 })
        }
        await busy.nextTurn(second + 1)
      }
      // Each of its lookups was answered, at the turn after it asked.
      expect(await Promise.all(ninthAnswers)).toEqual(Array(3).fill({ status: 200, servedNext: true }))
    } finally {
      await busy.drain()
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
