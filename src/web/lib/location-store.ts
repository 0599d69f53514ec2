import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { GEOLOCATION_OPTIONS, STORE_NAMES } from '../../domain/constants'
import { DEFAULT_LOCATION, type Location } from '../../domain/location'
import { i18next } from '../i18n'

export interface LocationState {
  /** Where the visitor is, or Dakar until the device tells us. */
  location: Location
  /** True once the device gave a position; until then the position is requested on its own. */
  hasDeviceLocation: boolean
  /** Places already looked up, by lower-cased address. */
  addressCache: Record<string, Location>
  /** Where the last report was filed, to start the next one there. */
  lastReportLocation: Location | null
  /** Why the last position request failed (not kept across visits). */
  error: string | null
  isLocating: boolean
  requestLocation: () => Promise<Location>
  cacheAddress: (address: string, location: Location) => void
  cachedAddress: (address: string) => Location | undefined
  setLastReportLocation: (location: Location) => void
}

const GEOLOCATION_ERROR_KEYS = {
  1: 'location.denied',
  2: 'location.unavailable',
  3: 'location.timeout',
} as const

function isPositionError(value: unknown): value is Pick<GeolocationPositionError, 'code' | 'message'> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
}

function geolocationErrorMessage(error: Pick<GeolocationPositionError, 'code' | 'message'>): string {
  const key = GEOLOCATION_ERROR_KEYS[error.code as keyof typeof GEOLOCATION_ERROR_KEYS]
  return key ? i18next.t(key) : error.message || i18next.t('location.unavailable')
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error(i18next.t('location.unsupported')))
      return
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS)
  })
}

let pending: Promise<Location> | null = null

export const useLocationStore = create<LocationState>()(
  persist(
    (set, get) => ({
      location: DEFAULT_LOCATION,
      hasDeviceLocation: false,
      addressCache: {},
      lastReportLocation: null,
      error: null,
      isLocating: false,

      requestLocation() {
        // Two components asking at once share one request to the device.
        if (pending) return pending
        set({ isLocating: true })
        pending = currentPosition()
          .then((position) => {
            const location: Location = {
              ...DEFAULT_LOCATION,
              latitude: position.coords.latitude,
              longitude: position.coords.longitude,
            }
            set({ location, hasDeviceLocation: true, error: null, isLocating: false })
            return location
          })
          .catch((cause: unknown) => {
            const message = isPositionError(cause)
              ? geolocationErrorMessage(cause)
              : cause instanceof Error
                ? cause.message
                : i18next.t('location.unavailable')
            // SPEC.md section 4: on failure the error is kept and Dakar is used.
            const fallback = get().hasDeviceLocation ? get().location : DEFAULT_LOCATION
            set({ location: fallback, error: message, isLocating: false })
            return fallback
          })
          .finally(() => {
            pending = null
          })
        return pending
      },

      cacheAddress(address, location) {
        set((state) => ({
          addressCache: { ...state.addressCache, [address.trim().toLowerCase()]: location },
        }))
      },

      cachedAddress(address) {
        return get().addressCache[address.trim().toLowerCase()]
      },

      setLastReportLocation(location) {
        set({ lastReportLocation: location })
      },
    }),
    {
      name: STORE_NAMES.location,
      version: 1,
      partialize: (state) => ({
        location: state.location,
        hasDeviceLocation: state.hasDeviceLocation,
        addressCache: state.addressCache,
        lastReportLocation: state.lastReportLocation,
      }),
    },
  ),
)
