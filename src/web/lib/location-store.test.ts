import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GEOLOCATION_OPTIONS } from '../../domain/constants'
import { DEFAULT_LOCATION } from '../../domain/location'
import { useLocationStore } from './location-store'

const initialState = useLocationStore.getState()

function stubGeolocation(getCurrentPosition: Geolocation['getCurrentPosition'] | undefined) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: getCurrentPosition ? { getCurrentPosition } : undefined,
  })
}

beforeEach(() => {
  useLocationStore.setState(initialState, true)
})

afterEach(() => {
  stubGeolocation(undefined)
})

describe('location store', () => {
  it('starts in Dakar with no device position', () => {
    const state = useLocationStore.getState()
    expect(state.location).toEqual(DEFAULT_LOCATION)
    expect(state.hasDeviceLocation).toBe(false)
    expect(state.error).toBeNull()
  })

  it('says so when the browser has no geolocation, and keeps Dakar', async () => {
    stubGeolocation(undefined)
    const location = await useLocationStore.getState().requestLocation()
    expect(location).toEqual(DEFAULT_LOCATION)
    expect(useLocationStore.getState().error).toBe('Géolocalisation non supportée par ce navigateur')
    expect(useLocationStore.getState().hasDeviceLocation).toBe(false)
  })

  it('stores the device position with the options of the product and persists it', async () => {
    const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((success) =>
      success({ coords: { latitude: 14.7167, longitude: -17.4677 } } as GeolocationPosition),
    )
    stubGeolocation(getCurrentPosition)
    const location = await useLocationStore.getState().requestLocation()
    expect(getCurrentPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      GEOLOCATION_OPTIONS,
    )
    expect(location).toMatchObject({ latitude: 14.7167, longitude: -17.4677 })
    expect(useLocationStore.getState()).toMatchObject({
      hasDeviceLocation: true,
      error: null,
      isLocating: false,
    })
    const stored = JSON.parse(localStorage.getItem('location-storage') ?? '{}')
    expect(stored.state.location).toMatchObject({ latitude: 14.7167, longitude: -17.4677 })
    expect(stored.state.hasDeviceLocation).toBe(true)
    expect(stored.state).not.toHaveProperty('error')
  })

  it('records the failure and falls back to Dakar when the position is refused', async () => {
    stubGeolocation((_success, failure) =>
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    )
    const location = await useLocationStore.getState().requestLocation()
    expect(location).toEqual(DEFAULT_LOCATION)
    expect(useLocationStore.getState().error).toBe('Accès à la position refusé')
    expect(useLocationStore.getState().isLocating).toBe(false)
  })

  it('keeps an address cache under lower-cased addresses', () => {
    const place = { ...DEFAULT_LOCATION, address: 'Place de l’Indépendance' }
    useLocationStore.getState().cacheAddress('Place de l’Indépendance', place)
    expect(Object.keys(useLocationStore.getState().addressCache)).toEqual(['place de l’indépendance'])
    expect(useLocationStore.getState().cachedAddress('PLACE DE L’INDÉPENDANCE')).toEqual(place)
  })
})
