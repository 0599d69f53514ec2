import { REVERSE_GEOCODING_ZOOM } from '../../domain/constants'
import { GEOCODE_MIN_INTERVAL_MS, GEOCODE_TIMEOUT_MS, type ReverseGeocode } from '../../domain/geocoding'

export interface ReverseGeocoder {
  /** The place at these coordinates, or null when no geocoder answers. */
  reverse(latitude: number, longitude: number): Promise<ReverseGeocode | null>
}

interface NominatimAnswer {
  display_name?: unknown
  address?: Record<string, unknown>
}

const ADDRESS_FIELDS = ['suburb', 'neighbourhood', 'city', 'town', 'village', 'state', 'province'] as const

/**
 * A Nominatim-compatible reverse geocoder, called as its usage policy asks: an identifying
 * User-Agent, a short timeout, and at most one request a second from this instance.
 */
export function createNominatimGeocoder(options: { baseUrl: string; userAgent: string }): ReverseGeocoder {
  let nextSlot = 0
  const waitForSlot = async () => {
    const now = Date.now()
    const slot = Math.max(now, nextSlot)
    nextSlot = slot + GEOCODE_MIN_INTERVAL_MS
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now))
  }

  return {
    async reverse(latitude, longitude) {
      if (!options.baseUrl) return null
      await waitForSlot()
      const url = new URL(`${options.baseUrl}/reverse`)
      url.search = new URLSearchParams({
        format: 'jsonv2',
        lat: String(latitude),
        lon: String(longitude),
        zoom: String(REVERSE_GEOCODING_ZOOM),
        'accept-language': 'fr',
      }).toString()
      try {
        const res = await fetch(url, {
          headers: { 'user-agent': options.userAgent, accept: 'application/json' },
          signal: AbortSignal.timeout(GEOCODE_TIMEOUT_MS),
        })
        if (!res.ok) return null
        return toReverseGeocode((await res.json()) as NominatimAnswer)
      } catch {
        return null
      }
    },
  }
}

function toReverseGeocode(answer: NominatimAnswer): ReverseGeocode | null {
  if (typeof answer.display_name !== 'string') return null
  const address: ReverseGeocode['address'] = {}
  for (const field of ADDRESS_FIELDS) {
    const value = answer.address?.[field]
    if (typeof value === 'string' && value.trim()) address[field] = value.trim()
  }
  return {
    display_name: answer.display_name,
    city: address.city ?? address.town ?? address.village ?? null,
    address,
  }
}

/** The geocoder this configuration asks for; an empty GEOCODER_URL turns geocoding off. */
export function geocoderFromConfig(config: {
  geocoderUrl: string
  publicOrigin: string | undefined
}): ReverseGeocoder {
  return createNominatimGeocoder({
    baseUrl: config.geocoderUrl,
    userAgent: `AlertesUrbaines/1.0 (${config.publicOrigin ?? 'plateforme de signalement, Dakar'})`,
  })
}
