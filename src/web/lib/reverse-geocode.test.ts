import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { stubApi } from '../test/api-stub'
import { reverseGeocodeQueryOptions } from './reverse-geocode'

describe('reverseGeocodeQueryOptions', () => {
  it('asks our server once for a place, rounded as it caches them', async () => {
    const api = stubApi({
      'GET /api/geocode/reverse': { status: 200, body: { display_name: 'Rue 10, Médina', address: {} } },
    })
    const queryClient = new QueryClient()
    const here = reverseGeocodeQueryOptions({ latitude: 14.692812, longitude: -17.446731 })
    const nudged = reverseGeocodeQueryOptions({ latitude: 14.69279, longitude: -17.44668 })
    expect(here.queryKey).toEqual(['geocode', '14.6928', '-17.4467'])
    expect(nudged.queryKey).toEqual(here.queryKey)

    await expect(queryClient.fetchQuery(here)).resolves.toMatchObject({ display_name: 'Rue 10, Médina' })
    await queryClient.fetchQuery(nudged)
    const calls = api.callsTo('GET', '/api/geocode/reverse')
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe('/api/geocode/reverse?lat=14.6928&lon=-17.4467')
  })

  it('asks nothing without a place', () => {
    expect(reverseGeocodeQueryOptions(null).enabled).toBe(false)
  })
})
