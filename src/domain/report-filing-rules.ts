/**
 * The rules of filing a report, without zod: the report form uses them on a phone without
 * downloading the validation library; the server's schema (report-filing.ts) is built on them.
 */
import { isValidLatitude, isValidLongitude } from './location'

/** How a report came: the site (or an application through Open311), or a conversation by SMS (issue 31). */
export const REPORT_CHANNELS = ['web', 'sms'] as const
export type ReportChannel = (typeof REPORT_CHANNELS)[number]
/**
 * What a report's point says: where the citizen put it ('point'), or only its commune, the point
 * its centre ('commune': a report by SMS).
 */
export const LOCATION_PRECISIONS = ['point', 'commune'] as const
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number]
/** The zoom of a report's small map for a commune-precision point: the whole commune in view. */
export const COMMUNE_PRECISION_ZOOM = 14

/** A written description needs this many characters; a voice note alone is a complete report. */
export const DESCRIPTION_MIN_LENGTH = 10
export const DESCRIPTION_MAX_LENGTH = 2000
export const ADDRESS_MAX_LENGTH = 300
export const DEPARTMENT_MAX_LENGTH = 100

/** Voice notes recorded in the browser stop at 2 minutes; the server refuses longer ones. */
export const VOICE_NOTE_MAX_SECONDS = 120
/**
 * What the server allows past VOICE_NOTE_MAX_SECONDS: the recorder stops on a timer tick
 * (a quarter of a second) and its encoder may still flush a last frame.
 */
export const VOICE_NOTE_MARGIN_SECONDS = 2
/** Voice notes are recorded at this bitrate (Opus speech stays clear at 24 kb/s: 30 s ≈ 90 KB). */
export const VOICE_NOTE_BITS_PER_SECOND = 24_000
/** Photos are compressed in the browser to this longest side before upload. */
export const PHOTO_MAX_SIDE_PX = 1600
export const PHOTO_TARGET_BYTES = 300 * 1024

/** Reports filed from one network address within the window (spam protection). */
export const REPORTS_PER_ADDRESS = 20
export const REPORTS_RATE_WINDOW_MS = 60 * 60 * 1000

/**
 * The names a stored photo or voice note is saved under from the browser (its stored name is
 * random): what a citizen or an organisation sees in their downloads, followed by the extension.
 */
export const STORED_FILE_NAMES = { photo: 'signalement-photo', voiceNote: 'signalement-note-vocale' } as const

/** Accepted uploads, recognised by their bytes. */
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const ACCEPTED_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg'] as const

export const REPORT_FILING_MESSAGES = {
  descriptionTooShort: `Décrivez le problème en au moins ${DESCRIPTION_MIN_LENGTH} caractères, ou enregistrez une note vocale.`,
  unknownCategory: 'Choisissez une catégorie dans la liste.',
  invalidCoordinates: 'La position du signalement n’est pas valide.',
  // The form's own: the place is unknown until the phone gives it or the citizen shows it.
  placeNotChosen:
    'Votre position n’est pas connue : touchez la carte ou faites glisser le repère sur le lieu du problème, ou confirmez le point affiché.',
  photoType: 'La photo doit être une image JPEG, PNG ou WebP.',
  audioType: 'La note vocale doit être un enregistrement WebM, Ogg, MP4 ou MP3.',
  audioEmpty: 'La note vocale est vide ou illisible. Enregistrez-la à nouveau.',
  audioTooLong: `La note vocale ne doit pas dépasser ${VOICE_NOTE_MAX_SECONDS / 60} minutes.`,
  tooManyFiles: 'Un signalement accepte au plus une photo et une note vocale : retirez les autres fichiers.',
  unknownDevice: 'Cet appareil n’est pas reconnu. Réessayez : un nouvel identifiant lui sera attribué.',
  tooManyReports: 'Vous avez envoyé beaucoup de signalements en peu de temps. Réessayez dans une heure.',
  weakIdempotencyKey:
    'La clé Idempotency-Key doit être tirée au hasard : un UUID v4, ou au moins 22 caractères base64url.',
  idempotencyKeyOfAnotherDevice: 'Cette clé a déjà servi à un signalement envoyé par un autre appareil.',
  alreadyReceived:
    'Ce signalement a déjà été reçu. Retrouvez-le dans « Mes signalements » sur l’appareil qui l’a envoyé.',
} as const

/** A description is required unless a voice note carries the report. */
export function descriptionIsEnough(description: string, hasVoiceNote: boolean): boolean {
  return hasVoiceNote || description.trim().length >= DESCRIPTION_MIN_LENGTH
}

export { CITIZEN_TOKEN_HEADER } from './constants'
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'

/**
 * An Idempotency-Key names one report for its retries. It is no secret: a repeat gets the report
 * back only with the filing device's token. It is still drawn at random (a UUID v4, or 22 base64url
 * characters or more; a UUID of another version, made of a clock and a machine address, is
 * refused) so that nobody can use a device's next key before it does.
 */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i
const RANDOM_BASE64URL = /^[A-Za-z0-9_-]{22,100}$/
export function isStrongIdempotencyKey(key: string): boolean {
  return UUID_SHAPE.test(key) ? UUID_V4.test(key) : RANDOM_BASE64URL.test(key)
}

/** The departments of the region of Dakar: a report is filed in one of them, Dakar by default. */
export const DAKAR_REGION_DEPARTMENTS = ['Dakar', 'Guédiawaye', 'Keur Massar', 'Pikine', 'Rufisque'] as const

/** A report as the form holds it before sending. */
export interface ReportDraft {
  categoryId: number | null
  description: string
  hasVoiceNote: boolean
  latitude: number
  longitude: number
  /**
   * Whether the pin is where the problem is: the phone gave its position, or the citizen placed or
   * confirmed the pin. Without it, the pin is only the map's starting point (Dakar).
   */
  placeChosen: boolean
}

export type ReportDraftField = 'categoryId' | 'description' | 'position'
/** One of the messages of filing a report, by its key in REPORT_FILING_MESSAGES. */
export type FilingMessage = keyof typeof REPORT_FILING_MESSAGES

/**
 * What the form must fix before sending, by field, with the key of the message the server would
 * answer (REPORT_FILING_MESSAGES, for the form to say it in the reader's language): a category,
 * a description unless a voice note is attached, coordinates within range, a place chosen.
 */
export function reportDraftErrors(draft: ReportDraft): Partial<Record<ReportDraftField, FilingMessage>> {
  const errors: Partial<Record<ReportDraftField, FilingMessage>> = {}
  if (draft.categoryId === null || !Number.isInteger(draft.categoryId) || draft.categoryId <= 0) {
    errors.categoryId = 'unknownCategory'
  }
  if (!descriptionIsEnough(draft.description, draft.hasVoiceNote)) {
    errors.description = 'descriptionTooShort'
  }
  if (!isValidLatitude(draft.latitude) || !isValidLongitude(draft.longitude)) {
    errors.position = 'invalidCoordinates'
  } else if (!draft.placeChosen) {
    errors.position = 'placeNotChosen'
  }
  return errors
}
