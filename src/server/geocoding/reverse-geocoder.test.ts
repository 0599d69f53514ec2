import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createNominatimGeocoder } from './reverse-geocoder'

describe('createNominatimGeocoder', () => {
  it('sends at most one request a second', async () => {
    const times: number[] = []
    const server = createServer((_req, res) => {
      times.push(Date.now())
      res.end(JSON.stringify({ display_name: 'Dakar', address: {} }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const geocoder = createNominatimGeocoder({ baseUrl: `http://127.0.0.1:${port}`, userAgent: 'test' })
    await Promise.all([
      geocoder.reverse(14.1, -17.1),
      geocoder.reverse(14.2, -17.2),
      geocoder.reverse(14.3, -17.3),
    ])
    server.close()
    expect(times).toHaveLength(3)
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(900)
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(900)
  })

  it('answers null when the service cannot be reached', async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: 'http://127.0.0.1:1', userAgent: 'test' })
    expect(await geocoder.reverse(14.7, -17.4)).toBeNull()
  })
})
