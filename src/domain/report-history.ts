/** A report's history as it is shown: the kinds of events, and how a line reads beside its kind. */

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
  resolution_photo: 'Photo après intervention',
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

/** The photo of the fix, as a report's pages show it beside the status (issue 29). */
export const RESOLUTION_PHOTO_TEXTS = {
  title: 'Après intervention',
  alt: 'Le lieu après l’intervention',
  takenOn: 'Photo prise par l’organisation le {{date}}',
} as const
