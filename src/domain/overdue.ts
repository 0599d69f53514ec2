// Late reports (issue 30), apart from report-states.ts: only the back-office shows them, and the
// home page, which reads the statuses, has no byte to spare. No zod: screens import it.
/**
 * Why a report is late (issue 30), counted from its filing against its category's targets: still
 * unclaimed (no organisation) past the claim target, or claimed and still open past the resolve
 * target. Resolved and rejected reports never are.
 */
export const OVERDUE_KINDS = {
  claim: { label: 'Prise en charge en retard' },
  resolve: { label: 'Résolution en retard' },
} as const
export type OverdueKind = keyof typeof OVERDUE_KINDS
export const OVERDUE_KIND_VALUES = Object.keys(OVERDUE_KINDS) as [OverdueKind, ...OverdueKind[]]
export const OVERDUE_LABEL = 'En retard'
/** The lists' filter `overdue=1`: late reports, whichever the kind. */
export const OVERDUE_FILTER = '1'
