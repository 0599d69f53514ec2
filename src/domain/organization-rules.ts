/** Partner organisations, without zod (the rules half of organization.ts). */
import { API_ERRORS } from './errors-rules'

/** Organisation types of SPEC.md section 3, each with its French label. */
export const ORGANIZATION_TYPES = {
  mairie: 'Mairie',
  conseil_departemental: 'Conseil départemental',
  prefecture: 'Préfecture',
  services_publics: 'Services publics',
  entreprise_service: 'Entreprise de service',
  ong: 'ONG',
  association: 'Association',
  autre: 'Autre',
} as const
export type OrganizationType = keyof typeof ORGANIZATION_TYPES
export const ORGANIZATION_TYPE_VALUES = Object.keys(ORGANIZATION_TYPES) as [
  OrganizationType,
  ...OrganizationType[],
]

export const ORGANIZATION_STATUSES = {
  pending: { label: 'En attente' },
  approved: { label: 'Approuvé' },
  rejected: { label: 'Rejeté' },
} as const
export type OrganizationStatus = keyof typeof ORGANIZATION_STATUSES
export const ORGANIZATION_STATUS_VALUES = Object.keys(ORGANIZATION_STATUSES) as [
  OrganizationStatus,
  ...OrganizationStatus[],
]
/** An inactive organisation is shown as suspended whatever its status. */
export const SUSPENDED_LABEL = 'Suspendu'

export const CITIES = [
  'Dakar',
  'Thiès',
  'Saint-Louis',
  'Kaolack',
  'Ziguinchor',
  'Diourbel',
  'Tambacounda',
  'Fatick',
  'Kolda',
  'Louga',
  'Matam',
  'Kaffrine',
  'Kédougou',
  'Sédhiou',
] as const
export type City = (typeof CITIES)[number]

export const SUPERADMIN_STATUSES = ['active', 'inactive'] as const
export type SuperadminStatus = (typeof SUPERADMIN_STATUSES)[number]

/** Sign-ups from one network address within the window (spam protection). */
export const SIGNUPS_PER_ADDRESS = 5
export const SIGNUP_RATE_WINDOW_MS = 60 * 60 * 1000

export const SIGNUP_MESSAGES = {
  tooManySignups: 'Trop d’inscriptions depuis cette adresse. Réessayez dans une heure.',
  hashingFailed: 'Erreur lors du traitement du mot de passe',
  emailTaken: 'Cette adresse email est déjà utilisée.',
  invalidType: 'Type d’organisation non valide. Veuillez sélectionner un type dans la liste.',
  invalidData: API_ERRORS.invalid_input.message,
  permissions: 'Erreur de permissions. Veuillez réessayer dans quelques instants.',
  chooseCategory: 'Veuillez sélectionner au moins une catégorie pour continuer',
  success: 'Inscription réussie !',
  nameRequired: 'Le nom de l’organisation est requis',
  nameTaken: 'Une organisation porte déjà ce nom.',
  typeRequired: 'Le type d’organisation est requis',
  emailRequired: 'L’adresse email est requise',
  emailInvalid: 'Adresse email invalide',
  phoneRequired: 'Le numéro de téléphone est requis',
  addressRequired: 'L’adresse est requise',
  cityRequired: 'La ville est requise',
} as const

/** The French name of an organisation type; a type outside the list is shown as stored. */
export function organizationTypeLabel(type: string): string {
  return Object.hasOwn(ORGANIZATION_TYPES, type) ? ORGANIZATION_TYPES[type as OrganizationType] : type
}

/** How an organisation's state reads: "Suspendu" when inactive, else its status's label. */
export function organizationStatusLabel({
  status,
  is_active,
}: {
  status: string
  is_active: boolean
}): string {
  if (!is_active) return SUSPENDED_LABEL
  return Object.hasOwn(ORGANIZATION_STATUSES, status)
    ? ORGANIZATION_STATUSES[status as OrganizationStatus].label
    : status
}

/** The longest name an organisation may have. */
export const ORGANIZATION_NAME_MAX_LENGTH = 200

/** Spaces of every kind (tabs, line breaks, no-break and typographic spaces): one plain space each. */
const SPACES = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/gu
/**
 * Characters a name never keeps: control characters, and the invisible format characters (bidi
 * overrides and isolates, zero-width spaces and joiners, the byte-order mark) that make one name
 * look like another, or a name read backwards.
 */
const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}]/gu

/**
 * An organisation's name as it is kept and shown: composed (NFC, so that "é" is one character
 * however it was typed), its spaces of every kind one plain space, without invisible characters.
 * Migration 0012 wrote the names kept before in the same way.
 */
export function normalizeOrganizationName(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(SPACES, ' ')
    .replace(INVISIBLE_CHARACTERS, '')
    .replace(/ {2,}/g, ' ')
    .trim()
}

/** What an approved organisation's new name (or new zone) waits for: an administrator's decision. */
export const NAME_CHANGE_DECISIONS = ['approve', 'reject'] as const
export type NameChangeDecision = (typeof NAME_CHANGE_DECISIONS)[number]
export type ZoneChangeDecision = NameChangeDecision

/** The administrators' filters of the organisations whose new name, or new zone, waits for them. */
export const NAME_CHANGE_FILTER = 'name_change'
export const ZONE_CHANGE_FILTER = 'zone_change'
export type OrganizationListFilter =
  | OrganizationStatus
  | 'all'
  | typeof NAME_CHANGE_FILTER
  | typeof ZONE_CHANGE_FILTER

export const NAME_CHANGE_MESSAGES = {
  /** Told to the organisation when its new name waits. */
  requested: 'Votre nouveau nom sera visible dès qu’un administrateur l’aura validé.',
  noRequest: 'Cette organisation n’a pas demandé de nouveau nom.',
} as const

/**
 * An approved organisation's new zone waits for an administrator too (issue 47): its communes
 * decide what it is offered and may claim, and so what it may close.
 */
export const ZONE_CHANGE_MESSAGES = {
  /** Told to the organisation when its new zone waits. */
  requested: 'Votre nouvelle zone s’appliquera dès qu’un administrateur l’aura validée.',
  noRequest: 'Cette organisation n’a pas demandé de nouvelle zone.',
} as const
