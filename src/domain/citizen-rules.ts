/**
 * Following a report from a citizen's device, without zod (the rules half of citizen.ts): what
 * its history says, and the anonymous code a citizen types at /suivi.
 */
import { ANONYMOUS_CODE_ALPHABET, ANONYMOUS_CODE_LENGTH } from './report-states'

/** What happened to a report, as its history shows it. */
export const REPORT_EVENT_KINDS = {
  created: 'Signalement envoyé',
  claimed: 'Pris en charge',
  status_changed: 'Statut modifié',
  priority_changed: 'Priorité modifiée',
  message_sent: 'Message reçu',
  supported: 'Soutenu par un autre habitant',
  confirmed: 'Résolution confirmée',
  reopened: 'Signalement rouvert',
} as const
export type ReportEventKind = keyof typeof REPORT_EVENT_KINDS

/**
 * How a line of a report's history reads beside its kind, in French (the catalogues' templates):
 * a status change, a message's title, a rejection's reason, an assignment by the administration.
 */
export const REPORT_HISTORY_TEXTS = {
  separator: ' : ',
  statusChange: '{{from}} → {{to}}',
  message: '« {{title}} »',
  reason: 'Motif : {{reason}}',
  assigned: 'Attribué à {{organization}} par l’administration',
} as const

export function reportEventLabel(kind: string): string {
  return Object.hasOwn(REPORT_EVENT_KINDS, kind) ? REPORT_EVENT_KINDS[kind as ReportEventKind] : kind
}

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
 * The public page of a report (`/signalements/:id`): shareable, drawn by the server, with the
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

/** "Moi aussi": the open reports of the same category within this distance are offered. */
export const NEARBY_RADIUS_M = 100
/** At most this many nearby reports are offered, the closest first. */
export const NEARBY_MAX_REPORTS = 5

export const SUPPORT_MESSAGES = {
  notFound: 'Ce signalement n’existe pas ou plus.',
  closed: 'Ce signalement est déjà réglé ou rejeté : il ne peut plus être soutenu.',
  ownReport: 'Vous avez vous-même envoyé ce signalement.',
  alreadySupported: 'Vous soutenez déjà ce signalement.',
  tooMany: 'Vous avez soutenu beaucoup de signalements en peu de temps. Réessayez dans une heure.',
} as const

/** "Non, ce n'est pas réglé" reopens a resolved report within this many days of its resolution. */
export const REOPEN_WINDOW_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

export const RESOLUTION_MESSAGES = {
  notYours: 'Seul l’appareil qui a envoyé ce signalement peut dire s’il est réglé.',
  notResolved: 'Ce signalement n’est pas marqué « Résolu » : il n’y a rien à confirmer.',
  alreadyConfirmed: 'Vous avez déjà confirmé que ce problème est réglé.',
  alreadyReopened: 'Ce signalement a déjà été rouvert une fois : il ne peut plus l’être.',
  tooLate: `Le délai de ${REOPEN_WINDOW_DAYS} jours pour rouvrir ce signalement est dépassé.`,
} as const
export type ResolutionRefusal = keyof typeof RESOLUTION_MESSAGES

/** What a report's answer to "Est-ce réglé ?" depends on. */
export interface ResolutionState {
  status: string
  filedByThisDevice: boolean
  /** When it was last marked resolved (ISO), null when it is not. */
  resolvedAt: string | null
  history: readonly { kind: string; created_at: string }[]
  now: Date
}

function answeredSinceResolution({ resolvedAt, history }: ResolutionState): boolean {
  if (!resolvedAt) return false
  const since = new Date(resolvedAt).getTime()
  return history.some((event) => event.kind === 'confirmed' && new Date(event.created_at).getTime() >= since)
}

function reopenedBefore({ history }: ResolutionState): boolean {
  return history.some((event) => event.kind === 'reopened')
}

function withinReopenWindow({ resolvedAt, now }: ResolutionState): boolean {
  return resolvedAt !== null && now.getTime() - new Date(resolvedAt).getTime() <= REOPEN_WINDOW_DAYS * DAY_MS
}

/** Why this device may not answer "Oui, c'est réglé", or null when it may. */
export function confirmRefusal(state: ResolutionState): ResolutionRefusal | null {
  if (!state.filedByThisDevice) return 'notYours'
  if (state.status !== 'resolu' || !state.resolvedAt) return 'notResolved'
  if (answeredSinceResolution(state)) return 'alreadyConfirmed'
  return null
}

/** Why this device may not answer "Non" (reopen the report), or null when it may. */
export function reopenRefusal(state: ResolutionState): ResolutionRefusal | null {
  const refusal = confirmRefusal(state)
  if (refusal) return refusal
  if (reopenedBefore(state)) return 'alreadyReopened'
  if (!withinReopenWindow(state)) return 'tooLate'
  return null
}

/**
 * Whether "Est-ce réglé ?" is asked about a report: one this device filed, resolved in the last
 * 30 days and not yet confirmed. `can_reopen` is false once it has been reopened.
 */
export function resolutionQuestion(state: ResolutionState): { can_reopen: boolean } | null {
  if (confirmRefusal(state) !== null || !withinReopenWindow(state)) return null
  return { can_reopen: reopenRefusal(state) === null }
}

/** "Moi aussi" from one network address within an hour (a new device costs nothing to make). */
export const SUPPORTS_PER_ADDRESS = 30
export const SUPPORTS_RATE_WINDOW_MS = 60 * 60 * 1000
