import { REVERSE_GEOCODING_ZOOM } from '../../domain/constants'
import {
  GEOCODE_MAX_ANSWER_BYTES,
  GEOCODE_MIN_INTERVAL_MS,
  GEOCODE_TIMEOUT_MS,
  type ReverseGeocode,
} from '../../domain/geocoding'
import { type Clock, systemClock, timerOn } from '../clock'
import { createTurnQueue } from './turn-queue'

export interface ReverseGeocoder {
  /**
   * False when geocoding is turned off (an empty GEOCODER_URL): every answer is null, on purpose,
   * and that is no failure to log.
   */
  readonly enabled: boolean
  /**
   * The place at these coordinates, or null when no geocoder answers in time (or the asking
   * client has left: `signal`). `client` is the asking client's address key.
   */
  reverse(latitude: number, longitude: number, asker?: Asker): Promise<ReverseGeocode | null>
}

export interface Asker {
  /** Aborted when the client has left. */
  signal?: AbortSignal
  /** The client's address key (clientAddressKey). */
  client?: string
}

interface NominatimAnswer {
  display_name?: unknown
  address?: Record<string, unknown>
}

const ADDRESS_FIELDS = ['suburb', 'neighbourhood', 'city', 'town', 'village', 'state', 'province'] as const

/**
 * A Nominatim-compatible reverse geocoder, called as its usage policy asks: an identifying
 * User-Agent, a short timeout, and at most one request a second from this instance, the turns
 * given to the asking addresses in turn. Requests queue for their turn no longer than the upstream
 * timeout. Nothing upstream is trusted further than an answer to this request: a redirect is not
 * followed, an answer over GEOCODE_MAX_ANSWER_BYTES is not read to its end; either is a failure,
 * answered as when the service cannot be reached, and nothing of it is kept.
 */
export function createNominatimGeocoder(options: {
  baseUrl: string
  userAgent: string
  /** The system's time unless a test moves its own. */
  clock?: Clock
}): ReverseGeocoder {
  const clock = options.clock ?? systemClock
  const turns = createTurnQueue({ intervalMs: GEOCODE_MIN_INTERVAL_MS, maxWaitMs: GEOCODE_TIMEOUT_MS, clock })

  return {
    enabled: options.baseUrl !== '',
    async reverse(latitude, longitude, { signal, client = '' } = {}) {
      if (!options.baseUrl) return null
      if (!(await turns.take(client, signal))) return null
      const url = new URL(`${options.baseUrl}/reverse`)
      url.search = new URLSearchParams({
        format: 'jsonv2',
        lat: String(latitude),
        lon: String(longitude),
        zoom: String(REVERSE_GEOCODING_ZOOM),
        'accept-language': 'fr',
      }).toString()
      const timeout = new AbortController()
      const cancelTimeout = timerOn(clock, GEOCODE_TIMEOUT_MS, () => timeout.abort())
      try {
        const res = await fetch(url, {
          headers: { 'user-agent': options.userAgent, accept: 'application/json' },
          // A redirect is a failure: another host is never asked on this one's word.
          redirect: 'error',
          signal: signal ? AbortSignal.any([timeout.signal, signal]) : timeout.signal,
        })
        const body = await readAtMost(res, GEOCODE_MAX_ANSWER_BYTES)
        if (body === null) return null
        return toReverseGeocode(JSON.parse(body) as NominatimAnswer)
      } catch {
        return null
      } finally {
        cancelTimeout()
      }
    },
  }
}

/**
 * The body of a successful `res` as text; null, the connection cut, when it failed or is over
 * `maxBytes`: said by its Content-Length (refused before its body comes), or counted while it
 * arrives (the bytes after decompression: a small compressed answer that swells is cut as well).
 * Never more than `maxBytes` and one chunk are held.
 */
async function readAtMost(res: Response, maxBytes: number): Promise<string | null> {
  if (!res.ok || Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel().catch(() => undefined)
    return null
  }
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks).toString('utf8')
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
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
export function geocoderFromConfig(
  config: { geocoderUrl: string; publicOrigin: string | undefined },
  clock: Clock,
): ReverseGeocoder {
  return createNominatimGeocoder({
    baseUrl: config.geocoderUrl,
    userAgent: `AlertesUrbaines/1.0 (${config.publicOrigin ?? 'plateforme de signalement, Dakar'})`,
    clock,
  })
}
