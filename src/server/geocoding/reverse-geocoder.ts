import { REVERSE_GEOCODING_ZOOM } from '../../domain/constants'
import { GEOCODE_MIN_INTERVAL_MS, GEOCODE_TIMEOUT_MS, type ReverseGeocode } from '../../domain/geocoding'

export interface ReverseGeocoder {
  /**
   * False when geocoding is turned off (an empty GEOCODER_URL): every answer is null, on purpose,
   * and that is no failure to log.
   */
  readonly enabled: boolean
  /**
   * The place at these coordinates, or null when no geocoder answers in time (or the asking
   * client has left: `signal`).
   */
  reverse(latitude: number, longitude: number, signal?: AbortSignal): Promise<ReverseGeocode | null>
}

interface NominatimAnswer {
  display_name?: unknown
  address?: Record<string, unknown>
}

const ADDRESS_FIELDS = ['suburb', 'neighbourhood', 'city', 'town', 'village', 'state', 'province'] as const

/**
 * Turns for the upstream service, one every `intervalMs`, first come first served. A request
 * that would wait longer than `maxWaitMs` is refused at once (its client would have given up),
 * and one whose client leaves gives its turn to the next.
 */
export function createTurnQueue(intervalMs: number, maxWaitMs: number) {
  const waiting: (() => void)[] = []
  let lastTurn = Number.NEGATIVE_INFINITY
  let timer: NodeJS.Timeout | undefined

  const serve = () => {
    timer = undefined
    while (waiting.length > 0) {
      const wait = lastTurn + intervalMs - Date.now()
      if (wait > 0) {
        timer = setTimeout(serve, wait)
        return
      }
      lastTurn = Date.now()
      waiting.shift()?.()
    }
  }

  return {
    /** Resolves true when it is this request's turn, false when it must not wait for one. */
    take(signal?: AbortSignal): Promise<boolean> {
      if (signal?.aborted) return Promise.resolve(false)
      const wait = Math.max(0, lastTurn + intervalMs - Date.now()) + waiting.length * intervalMs
      if (wait > maxWaitMs) return Promise.resolve(false)
      return new Promise((resolve) => {
        const turn = () => {
          signal?.removeEventListener('abort', leave)
          resolve(true)
        }
        const leave = () => {
          const index = waiting.indexOf(turn)
          if (index >= 0) waiting.splice(index, 1)
          resolve(false)
        }
        signal?.addEventListener('abort', leave, { once: true })
        waiting.push(turn)
        if (!timer) serve()
      })
    },
  }
}

/**
 * A Nominatim-compatible reverse geocoder, called as its usage policy asks: an identifying
 * User-Agent, a short timeout, and at most one request a second from this instance. Requests
 * queue for their turn no longer than the upstream timeout.
 */
export function createNominatimGeocoder(options: { baseUrl: string; userAgent: string }): ReverseGeocoder {
  const turns = createTurnQueue(GEOCODE_MIN_INTERVAL_MS, GEOCODE_TIMEOUT_MS)

  return {
    enabled: options.baseUrl !== '',
    async reverse(latitude, longitude, signal) {
      if (!options.baseUrl) return null
      if (!(await turns.take(signal))) return null
      const url = new URL(`${options.baseUrl}/reverse`)
      url.search = new URLSearchParams({
        format: 'jsonv2',
        lat: String(latitude),
        lon: String(longitude),
        zoom: String(REVERSE_GEOCODING_ZOOM),
        'accept-language': 'fr',
      }).toString()
      const timeout = AbortSignal.timeout(GEOCODE_TIMEOUT_MS)
      try {
        const res = await fetch(url, {
          headers: { 'user-agent': options.userAgent, accept: 'application/json' },
          signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
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
