import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../test/helper'

// A stand-in for a Nominatim server on loopback, recording what it was asked.
let upstream: Server
const requests: IncomingMessage[] = []
let answering = true

let ctx: TestContext
let offline: TestContext

beforeAll(async () => {
  upstream = createServer((req, res) => {
    requests.push(req)
    if (!answering) {
      res.statusCode = 502
      return res.end()
    }
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
