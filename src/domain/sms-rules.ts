/**
 * The SMS channel (issue 31), without zod (the rules half of sms.ts): its limits, the length of a
 * reply, phone numbers, keywords, and the citizen's answers read as a category or a commune.
 */
import { foldPlaceName } from './place-names'
import { ANONYMOUS_CODE_LENGTH } from './report-states'

/**
 * A webhook's body is at most this many bytes (413 above): an envelope and a message, which is cut
 * to SMS_MESSAGE_MAX_CHARACTERS anyway, fit with room to spare even written in \u escapes.
 */
export const SMS_WEBHOOK_MAX_BYTES = 64 * 1024

/** The API's French messages of the channel (its webhook). */
export const SMS_MESSAGES = {
  webhookTooLarge: `Webhook trop volumineux : ${SMS_WEBHOOK_MAX_BYTES / 1024} Ko au maximum.`,
  badSignature: 'Webhook refusé : signature absente ou invalide, ou horodatage à plus de 5 minutes.',
  unreadableWebhook: 'Webhook illisible : un objet JSON {id, event, payload} est attendu.',
} as const

/**
 * Codes one number may be sent in SMS_CODES_PER_NUMBER_WINDOW_MS, whatever the address or device
 * that asks: a stranger's phone is not flooded with codes, nor the platform's SIM emptied on it.
 */
export const SMS_CODES_PER_NUMBER = 3
export const SMS_CODES_PER_NUMBER_WINDOW_MS = 24 * 60 * 60_000

/** The French messages of a web filer's news by SMS (its number and the code sent to it). */
export const SMS_NEWS_MESSAGES = {
  invalidPhoneNumber:
    'Numéro de téléphone invalide : 9 chiffres pour un numéro du Sénégal (77 123 45 67), ou le numéro international complet (+…).',
  noCodeWaiting: 'Aucun code en attente : demandez d’abord un code.',
  wrongCode: 'Code incorrect : vérifiez les 6 chiffres reçus par SMS.',
  codeExpired: 'Ce code a expiré ou a été essayé trop de fois : demandez-en un nouveau.',
  tooManyCodes: 'Trop de codes demandés : réessayez dans une heure.',
  numberNotAllowed:
    'Ce numéro ne peut pas recevoir de code : seuls les numéros de mobile du Sénégal (77 123 45 67), et ceux des pays acceptés par la plateforme, en reçoivent.',
  numberTooManyCodes: `Ce numéro a déjà reçu ${SMS_CODES_PER_NUMBER} codes aujourd’hui : réessayez demain.`,
  tooManyCodesOverall: 'Trop de codes envoyés en ce moment : réessayez dans une heure.',
} as const

/** A conversation left this long is forgotten: the next message starts a new one. */
export const SMS_CONVERSATION_IDLE_MS = 30 * 60_000
/** Reports one number may file in a day (the last SMS_REPORT_WINDOW_MS). */
export const SMS_REPORTS_PER_DAY = 5
export const SMS_REPORT_WINDOW_MS = 24 * 60 * 60_000
/** Messages one number may send in an hour (the last SMS_MESSAGE_WINDOW_MS): then one reply saying so, then silence. */
export const SMS_MESSAGES_PER_HOUR = 30
export const SMS_MESSAGE_WINDOW_MS = 60 * 60_000
/** A longer message is cut to this many characters before anything reads it. */
export const SMS_MESSAGE_MAX_CHARACTERS = 1000
/** A webhook whose X-Timestamp is further than this from the server's clock is refused. */
export const SMS_WEBHOOK_TOLERANCE_S = 5 * 60
/** The description with a landmark, in characters. */
export const SMS_DESCRIPTION_MIN = 10
export const SMS_DESCRIPTION_MAX = 500
/** A reply is at most this many SMS (306 GSM-7 characters, or 134 in UCS-2). */
export const SMS_REPLY_MAX_SEGMENTS = 2
/** An SMS not taken by the gateway is tried again, with a growing delay, for this long. */
export const SMS_RETRY_WINDOW_MS = 24 * 60 * 60_000
/**
 * A number (its hash and its encrypted copy) is forgotten this long after both its last message
 * and its last report's closing (resolved or rejected): À propos says so.
 */
export const SMS_NUMBER_KEPT_DAYS = 90
/** A web filer's number is confirmed by a code of this many digits, sent to it by SMS. */
export const SMS_CONFIRMATION_CODE_DIGITS = 6
/** The code is good this long, and for this many tries. */
export const SMS_CONFIRMATION_TTL_MINUTES = 10
export const SMS_CONFIRMATION_ATTEMPTS = 5
/**
 * Codes one address may ask for in SMS_CONFIRMATION_WINDOW_MS: each is an SMS the platform pays
 * for, and one address may be many phones behind an operator's NAT.
 */
export const SMS_CONFIRMATION_CODES = 10
export const SMS_CONFIRMATION_WINDOW_MS = 60 * 60_000
/**
 * Codes sent to all numbers together in SMS_CODES_WINDOW_MS, unless SMS_CODES_PER_HOUR says
 * otherwise: many addresses asking for many numbers cannot pump SMS past it.
 */
export const SMS_CODES_PER_HOUR_DEFAULT = 100
export const SMS_CODES_WINDOW_MS = 60 * 60_000
/**
 * Where codes may go unless SMS_ALLOWED_COUNTRY_CODES says otherwise: Senegal's country code. A
 * Senegalese number gets one only if it is a mobile (7x): fixed lines do not take SMS.
 */
export const SMS_ALLOWED_COUNTRY_CODES_DEFAULT = ['221'] as const

/**
 * Whether a confirmation code may be sent to an E.164 number, given the country codes allowed
 * (country codes are prefix-free: +221… is Senegal's and no other's). International and premium
 * ranges (+882…, +44 9…) get no code unless the operator lists their country.
 */
export function smsCodeMayGoTo(e164: string, countryCodes: readonly string[]): boolean {
  return countryCodes.some((code) =>
    code === '221' ? /^\+2217\d{8}$/.test(e164) : e164.startsWith(`+${code}`),
  )
}

/** Whether a device's reports' news also go by SMS: no, a code sent and waiting, or yes. */
export const SMS_NEWS_STATES = ['off', 'waiting', 'on'] as const
export type SmsNewsState = (typeof SMS_NEWS_STATES)[number]

/** How many communes are offered when a name matches none. */
export const SMS_COMMUNES_OFFERED = 3

/**
 * What became of an SMS sent: waiting for the gateway, then as its events tell; or cancelled, its
 * number having said STOP before it went.
 */
export const SMS_DELIVERY_STATES = ['waiting', 'sent', 'delivered', 'failed', 'cancelled'] as const

/** The pause before the next try of an SMS tried `attempts` times: 30 s, doubling, at most an hour. */
export function smsRetryDelay(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)
}

/** The languages of the conversation: French by default. */
export type SmsLanguage = 'fr' | 'wo' | 'en'

/** What a message asks, when it is a keyword rather than an answer. */
export type SmsKeyword =
  | { kind: 'track'; code: string }
  | { kind: 'help' }
  | { kind: 'stop' }
  | { kind: 'resume' }
  | { kind: 'cancel' }
  | { kind: 'language'; language: SmsLanguage }

const KEYWORDS: Record<string, SmsKeyword> = {
  aide: { kind: 'help' },
  ndimbal: { kind: 'help' },
  help: { kind: 'help' },
  stop: { kind: 'stop' },
  arret: { kind: 'stop' },
  reprendre: { kind: 'resume' },
  annuler: { kind: 'cancel' },
  wolof: { kind: 'language', language: 'wo' },
  english: { kind: 'language', language: 'en' },
  francais: { kind: 'language', language: 'fr' },
}

/**
 * SUIVI followed by what can be a code, as people write it ("7KQ2M9XD", "7kq2 m9xd"): one or two
 * words of letters and digits, none longer than a code. "Suivi des travaux de la rue 10…" is a
 * description.
 */
const TRACKING = new RegExp(
  `^suivi ([a-z0-9]{1,${ANONYMOUS_CODE_LENGTH}}(?: [a-z0-9]{1,${ANONYMOUS_CODE_LENGTH}})?)$`,
)

/**
 * The keyword a message is, whatever its case and accents ("Arrêt", "suivi 7kq2 m9xd"), or null
 * when it is an answer. At any step of a conversation, but as the whole message only: "Panneau
 * stop tombé" is a description, not a refusal of every SMS.
 */
export function keywordOf(message: string): SmsKeyword | null {
  const folded = foldPlaceName(message)
  const track = TRACKING.exec(folded)
  if (track?.[1]) return { kind: 'track', code: track[1].replace(/ /g, '').toUpperCase() }
  return KEYWORDS[folded] ?? null
}
