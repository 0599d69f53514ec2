/**
 * Finding a report, without zod (the rules half of citizen.ts): the anonymous code a citizen
 * types at /suivi, and a report's public address. Every page needs these; what a report's history
 * says is in report-history.ts, what a citizen may do to a report in citizen-actions.ts.
 */
import { ANONYMOUS_CODE_ALPHABET, ANONYMOUS_CODE_LENGTH } from './report-states'

/**
 * Looking reports up by code, per network address and per hour: a code typed wrong now and then
 * is nothing, but unknown codes count against a smaller budget, so that codes cannot be guessed.
 */
export const CODE_LOOKUPS_PER_ADDRESS = 120
export const UNKNOWN_CODES_PER_ADDRESS = 30
export const CODE_LOOKUP_WINDOW_MS = 60 * 60 * 1000

export const TRACKING_MESSAGES = {
  notFound: 'Aucun signalement ne correspond à ce code. Vérifiez les 8 caractères.',
  invalidCode: 'Le code comporte 8 caractères (lettres et chiffres).',
  tooManyCodes: 'Trop de codes essayés depuis cette adresse. Réessayez dans une heure.',
} as const

/** An anonymous code once its separators are dropped and it is upper-cased. */
export const ANONYMOUS_CODE_PATTERN = new RegExp(`^[${ANONYMOUS_CODE_ALPHABET}]{${ANONYMOUS_CODE_LENGTH}}$`)

/**
 * What people put inside a code when they copy, dictate or write it down: spaces of every kind
 * (a no-break one from a word processor, a zero-width one from a chat), dashes, dots, underscores.
 */
const CODE_SEPARATORS = /[\s\u200b.\-_\u2010-\u2015\u2212]/g

/** A code as written with its separators dropped and upper-cased ("mefw yr5w" → "MEFWYR5W"). */
export function spelledCode(raw: string): string {
  return raw.replace(CODE_SEPARATORS, '').toUpperCase()
}

/**
 * The code as stored (codes are case-insensitive, and spaces, dashes and dots are how people
 * copy them), or null when it cannot be one. The server reads the codes it is given the same way.
 */
export function normalizeAnonymousCode(raw: string): string | null {
  const code = spelledCode(raw)
  return ANONYMOUS_CODE_PATTERN.test(code) ? code : null
}

/**
 * A code is found by a search from this many characters on: fewer would bring, for an ordinary
 * word, the reports whose code happens to start with its letters.
 */
export const CODE_START_MIN_LENGTH = 4

const CODE_CHARACTERS = new RegExp(`^[${ANONYMOUS_CODE_ALPHABET}]+$`)

/**
 * The start of a code (or the whole code) a search spells, as read out on the phone or copied with
 * its spaces, dashes or dots ("7kq2 m9", "7KQ2-M9XD" → "7KQ2M9XD"), or null when it spells none.
 */
export function anonymousCodeStartIn(search: string): string | null {
  const spelled = spelledCode(search)
  const isStart =
    spelled.length >= CODE_START_MIN_LENGTH &&
    spelled.length <= ANONYMOUS_CODE_LENGTH &&
    CODE_CHARACTERS.test(spelled)
  return isStart ? spelled : null
}

/** The query parameter of /suivi that carries the code to look up (a link or the search form). */
export const TRACKING_CODE_PARAMETER = 'code'

/**
 * The public page of a report (`/signalements/:id`): shareable, server-rendered, with the
 * report's public fields, status, history and map; never its code, photo, voice note or messages.
 */
export const REPORT_PAGE_SEGMENT = 'signalements'

/** A report's id as the API gives it: a UUID, as PostgreSQL writes it (any case is read). */
const REPORT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a value can be a report's id: anything else names no report (404, not 400). */
export function isReportId(value: string): boolean {
  return REPORT_ID_PATTERN.test(value)
}

/** The address of a report's public page. */
export function reportPagePath(id: string): string {
  return `/${REPORT_PAGE_SEGMENT}/${encodeURIComponent(id)}`
}

export const PUBLIC_REPORT_MESSAGES = {
  notFound: 'Ce signalement n’existe pas ou n’est pas public.',
} as const
