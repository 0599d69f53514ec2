import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import { movingClock } from '../test/moving-clock'
import { createNominatimGeocoder } from './reverse-geocoder'

describe(createNominatimGeocoder.name, () => {
  it('sends at most one request a second, whichever clients ask', async () => {
    // Time moves only when the test says so: the gaps are the queue's, not the machine's speed.
    const clock = movingClock()
    const arrivals: number[] = []
    const server = createServer((_req, res) => {
      arrivals.push(clock.now().getTime())
      res.end(JSON.stringify({ display_name: 'Dakar', address: {} }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const geocoder = createNominatimGeocoder({
      baseUrl: `http://127.0.0.1:${port}`,
      userAgent: 'test',
      clock,
    })
    try {
      const answered: unknown[] = []
      const lookups = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((client, n) =>
        geocoder.reverse(14.1 + n / 10, -17.1, { client }).then((answer) => answered.push(answer)),
      )
      // Each turn's request answered before the clock moves on to the next timer.
      for (let turn = 1; turn <= 3; turn++) {
        await vi.waitFor(() => expect(answered).toHaveLength(turn), { timeout: 20_000 })
        clock.runNext()
      }
      await Promise.all(lookups)
      expect(arrivals).toEqual([0, 1000, 2000])
      expect(answered).toEqual(Array(3).fill({ display_name: 'Dakar', city: null, address: {} }))
    } finally {
      server.close()
    }
  })

  it('gives its turns to the asking addresses in turn, each address’s lookups in the order they came', async () => {
    const clock = movingClock()
    const asked: string[] = []
    const server = createServer((req, res) => {
      asked.push(new URL(req.url ?? '', 'http://x').searchParams.get('lat') ?? '')
      res.end(JSON.stringify({ display_name: 'Dakar', address: {} }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const geocoder = createNominatimGeocoder({
      baseUrl: `http://127.0.0.1:${port}`,
      userAgent: 'test',
      clock,
    })
    try {
      // A asks three times at once, then B and C once each: B and C need not wait for all of A's.
      const lookups = [
        ['14.1', 'A'],
        ['14.2', 'A'],
        ['14.3', 'A'],
        ['14.4', 'B'],
        ['14.5', 'C'],
      ].map(([lat, client]) => geocoder.reverse(Number(lat), -17.1, { client }))
      let over = 0
      for (const lookup of lookups) void lookup.then(() => over++)
      for (let turn = 1; turn <= 5; turn++) {
        await vi.waitFor(() => expect(over).toBe(turn), { timeout: 20_000 })
        clock.runNext()
      }
      expect(asked).toEqual(['14.1', '14.4', '14.5', '14.2', '14.3'])
    } finally {
      server.close()
    }
  })

  it('answers null when the service cannot be reached', async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: 'http://127.0.0.1:1', userAgent: 'test' })
    expect(await geocoder.reverse(14.7, -17.4)).toBeNull()
  })
})
