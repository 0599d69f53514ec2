/** Reverse geocoding without zod: what the screens need to ask for and to explain a place. */

/** Answers are cached by coordinates rounded to this many decimals (about 11 m). */
export const GEOCODE_CACHE_DECIMALS = 4
export const GEOCODE_TIMEOUT_MS = 4000
/** Nominatim's usage policy: at most one request a second. */
export const GEOCODE_MIN_INTERVAL_MS = 1000
/**
 * The largest answer taken from the geocoder: a place is a few kilobytes; more is a broken or
 * hostile service, not read further (docs/security.md).
 */
export const GEOCODE_MAX_ANSWER_BYTES = 64 * 1024

/** Address lookups from one network address within the window (the form asks one per pin move). */
export const GEOCODE_REQUESTS_PER_ADDRESS = 30
export const GEOCODE_RATE_WINDOW_MS = 60 * 1000

export const GEOCODING_MESSAGES = {
  unavailable: 'Le service d’adresses ne répond pas. La position sera indiquée par ses coordonnées.',
  tooManyRequests: 'Trop de recherches d’adresse en peu de temps. Réessayez dans une minute.',
  invalidCoordinates: 'Coordonnées invalides.',
} as const
