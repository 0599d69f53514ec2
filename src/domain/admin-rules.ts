/** The back-office, without zod (the rules half of admin.ts). */
import { CATEGORY_NAME_MAX_LENGTH, TARGET_HOURS_MAX, TARGET_HOURS_MIN } from './category-rules'
import { SIGNUP_MESSAGES } from './organization-rules'

/**
 * A signed export link lives one minute: long enough for the browser to follow it, too short
 * to be worth stealing from a log or a history.
 */
export const EXPORT_LINK_TTL_S = 60

/**
 * A rejected report's photo and voice note are served to administrators only, through links
 * signed for one administrator and one file: long enough for a dialog left open, short enough
 * that a copied link soon stops working.
 */
export const MEDIA_LINK_TTL_S = 60 * 60

/** Columns of the CSV export, with their French headers. */
export const REPORT_EXPORT_COLUMNS = [
  ['anonymous_code', 'Code'],
  ['created_at', 'Date de création'],
  ['type', 'Type'],
  ['status', 'Statut'],
  ['priority', 'Priorité'],
  ['description', 'Description'],
  ['address', 'Adresse'],
  ['department', 'Département'],
  ['area', 'Commune'],
  ['latitude', 'Latitude'],
  ['longitude', 'Longitude'],
  ['assigned_organization_name', 'Organisation'],
  ['resolved_at', 'Date de résolution'],
  ['supporters_count', 'Soutiens'],
  ['overdue', 'En retard'],
] as const

export const USERNAME_MIN_LENGTH = 3

/**
 * Rejecting a report says why, to the person who filed it and in its public history: a reason
 * of 10 to 500 characters once trimmed (long enough to be a sentence, short enough to be read).
 */
export const REJECTION_REASON_MIN = 10
export const REJECTION_REASON_MAX = 500

/**
 * Orders of the admin report list and its CSV export: newest first (the default), or the most
 * "Moi aussi" supporters first, then newest.
 */
export const ADMIN_REPORT_SORTS = {
  newest: { label: 'Plus récents' },
  supporters: { label: 'Plus soutenus' },
} as const
export type AdminReportSort = keyof typeof ADMIN_REPORT_SORTS
export const ADMIN_REPORT_SORT_VALUES = Object.keys(ADMIN_REPORT_SORTS) as [
  AdminReportSort,
  ...AdminReportSort[],
]
export const DEFAULT_ADMIN_REPORT_SORT: AdminReportSort = 'newest'

/** What still uses a category, which cannot be deleted until nothing does. */
export interface CategoryUsage {
  reports: number
  organizations: number
}

/**
 * "Impossible de supprimer la catégorie : 12 signalements et 1 organisation l’utilisent." The
 * administrator learns why, and what to move first.
 */
export function categoryInUseMessage({ reports, organizations }: CategoryUsage): string {
  const counted = (n: number, noun: string) => `${n.toLocaleString('fr-FR')} ${noun}${n > 1 ? 's' : ''}`
  const users = [
    ...(reports > 0 ? [counted(reports, 'signalement')] : []),
    ...(organizations > 0 ? [counted(organizations, 'organisation')] : []),
  ]
  const verb = users.length > 1 || reports + organizations > 1 ? 'l’utilisent' : 'l’utilise'
  return `${ADMIN_MESSAGES.categoryInUse} : ${users.join(' et ')} ${verb}.`
}

export const ADMIN_MESSAGES = {
  lastActiveAdmin: 'Impossible de désactiver le dernier super administrateur actif.',
  ownAccount:
    'Vous ne pouvez pas désactiver votre propre compte : demandez-le à un autre super administrateur.',
  usernameTaken: 'Ce nom d’utilisateur est déjà utilisé.',
  emailTaken: SIGNUP_MESSAGES.emailTaken,
  categoryInUse: 'Impossible de supprimer la catégorie',
  categoryExists: 'Une catégorie porte déjà ce nom.',
  categoryNameRequired: 'Le nom de la catégorie est requis',
  categoryNameTooLong: `Le nom de la catégorie ne peut pas dépasser ${CATEGORY_NAME_MAX_LENGTH} caractères`,
  categoryEnglishNameTooLong: `Le nom en anglais ne peut pas dépasser ${CATEGORY_NAME_MAX_LENGTH} caractères`,
  categoryWolofNameTooLong: `Le nom en wolof ne peut pas dépasser ${CATEGORY_NAME_MAX_LENGTH} caractères`,
  claimTargetOutOfRange: `Le délai de prise en charge est un nombre entier d’heures, de ${TARGET_HOURS_MIN} à ${TARGET_HOURS_MAX.toLocaleString('fr-FR')} (un an).`,
  resolveTargetOutOfRange: `Le délai de résolution est un nombre entier d’heures, de ${TARGET_HOURS_MIN} à ${TARGET_HOURS_MAX.toLocaleString('fr-FR')} (un an).`,
  claimTargetAfterResolve: 'Le délai de prise en charge ne peut pas dépasser le délai de résolution.',
  nameRequired: 'Le nom est requis',
  usernameTooShort: `Le nom d’utilisateur doit faire au moins ${USERNAME_MIN_LENGTH} caractères`,
  usernameCharacters: 'Lettres, chiffres, points, tirets et soulignés uniquement',
  rejectionReasonRequired: `Indiquez le motif du rejet (de ${REJECTION_REASON_MIN} à ${REJECTION_REASON_MAX} caractères) : il est envoyé à la personne qui a fait le signalement.`,
  rejectionReasonTooShort: `Le motif du rejet doit faire au moins ${REJECTION_REASON_MIN} caractères.`,
  rejectionReasonTooLong: `Le motif du rejet ne peut pas dépasser ${REJECTION_REASON_MAX} caractères.`,
  reasonWithoutRejection:
    'Un motif n’accompagne qu’un rejet : choisissez le statut « Rejeté » ou retirez le motif.',
  rejectionTitle: 'Votre signalement a été rejeté',
  nobodyHandles:
    'Aucune organisation ne prend en charge ce signalement : attribuez-le d’abord à une organisation.',
  organizationUnknown: 'Cette organisation n’existe pas.',
  organizationNotEligible:
    'Cette organisation ne peut pas recevoir ce signalement : elle doit être approuvée, active, chargée de sa catégorie et de sa commune.',
  assignRejected: 'Un signalement rejeté ne peut pas être attribué : changez d’abord son statut.',
} as const
