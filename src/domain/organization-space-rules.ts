/** What an organisation does with reports, without zod (the rules half of organization-space.ts). */
import { AUTH_MESSAGES } from './auth-rules'

export const CLAIM_MESSAGES = {
  alreadyClaimed: 'Ce signalement a déjà été pris en charge par une autre organisation',
  claimedMeanwhile: 'Ce signalement a été pris en charge par une autre organisation entre-temps',
  claimed: 'Signalement pris en charge',
  notYours: 'Ce signalement n’est pas géré par votre organisation.',
  notInYourCategories: 'Ce signalement ne relève pas des catégories de votre organisation.',
  rejected:
    'Ce signalement a été rejeté par un administrateur : son statut ne peut plus changer et aucun message ne peut y être envoyé.',
} as const

/** The managed list's filters of whose reports they are, beside a member's id (issue 29). */
export const ASSIGNEE_FILTERS = ['me', 'none'] as const
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number] | (string & {})

export const NOTIFICATION_MESSAGES = {
  fillAllFields: AUTH_MESSAGES.fillAllFields,
  sent: 'Notification envoyée',
} as const
export const NOTIFICATION_TITLE_MAX = 150
export const NOTIFICATION_MESSAGE_MAX = 2000

/** Resolved divided by total, as a rounded percentage; 0 when there is nothing (SPEC.md section 9). */
export function resolutionRate(resolved: number, total: number): number {
  return total > 0 ? Math.round((resolved / total) * 100) : 0
}

/**
 * The first `max` characters of a text, cut at a word when one ends close enough, with an
 * ellipsis; the text itself when it is short enough (previews of SPEC.md section 9).
 */
export function previewText(text: string, max: number): string {
  const clean = text.trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max)
  const lastSpace = cut.lastIndexOf(' ')
  const atWord = lastSpace >= max * 0.8 ? cut.slice(0, lastSpace) : cut
  return `${atWord.trimEnd()}…`
}
