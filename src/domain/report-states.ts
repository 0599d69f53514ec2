/**
 * The vocabulary of a report — statuses, priorities, the anonymous code — without zod, so that
 * the first page can show badges without loading the validation library.
 */

/**
 * Report statuses: machine label, French label, the colour of the home card badge, and their
 * kind, as FixMyStreet's states have one: `open` (the problem is still there), `closed` (it is
 * over) or `hidden` (rejected: spam or abuse, never shown in public).
 */
export const REPORT_STATUSES = {
  'en-attente': { label: 'En attente', tone: 'red', kind: 'open' },
  'en-cours': { label: 'En cours', tone: 'yellow', kind: 'open' },
  resolu: { label: 'Résolu', tone: 'green', kind: 'closed' },
  rejete: { label: 'Rejeté', tone: 'grey', kind: 'hidden' },
} as const
export type ReportStatus = keyof typeof REPORT_STATUSES
export type ReportStatusKind = (typeof REPORT_STATUSES)[ReportStatus]['kind']
export const REPORT_STATUS_VALUES = Object.keys(REPORT_STATUSES) as [ReportStatus, ...ReportStatus[]]

/** The statuses of one kind, in the order of REPORT_STATUSES. */
export function statusesOfKind(kind: ReportStatusKind): ReportStatus[] {
  return REPORT_STATUS_VALUES.filter((status) => REPORT_STATUSES[status].kind === kind)
}

/** A filed report's first status, and the ones of each step of its life (report-transitions.ts). */
export const FILED_STATUS = 'en-attente' satisfies ReportStatus
export const CLAIMED_STATUS = 'en-cours' satisfies ReportStatus
export const RESOLVED_STATUS = 'resolu' satisfies ReportStatus
export const REJECTED_STATUS = 'rejete' satisfies ReportStatus

/**
 * The statuses that say an organisation is at work on the report, or has finished it: a report
 * no organisation manages is never given them (the citizen would be told a lie).
 */
export const HANDLED_STATUSES: readonly string[] = [CLAIMED_STATUS, RESOLVED_STATUS]

/** The statuses an organisation may set on the reports it manages. */
export const ORGANIZATION_SETTABLE_STATUSES = ['en-attente', 'en-cours', 'resolu'] as const
export type OrganizationSettableStatus = (typeof ORGANIZATION_SETTABLE_STATUSES)[number]

export function isReportStatus(value: string): value is ReportStatus {
  return Object.hasOwn(REPORT_STATUSES, value)
}

/** Admin and organisation badges treat an unknown status as en-attente (SPEC.md section 4). */
export function normalizeStatus(value: string): ReportStatus {
  return isReportStatus(value) ? value : 'en-attente'
}

/**
 * A status as the citizen screens show it: its label and colour, or an unknown value as received,
 * in grey (SPEC.md section 4).
 */
export function reportStatusAsReceived(value: string): {
  label: string
  tone: (typeof REPORT_STATUSES)[ReportStatus]['tone']
} {
  if (!isReportStatus(value)) return { label: value, tone: 'grey' }
  const { label, tone } = REPORT_STATUSES[value]
  return { label, tone }
}

export const REPORT_PRIORITIES = {
  low: { label: 'Faible', tone: 'grey' },
  normal: { label: 'Normal', tone: 'blue' },
  high: { label: 'Élevé', tone: 'orange' },
  urgent: { label: 'Urgent', tone: 'red' },
} as const
export type ReportPriority = keyof typeof REPORT_PRIORITIES
export const REPORT_PRIORITY_VALUES = Object.keys(REPORT_PRIORITIES) as [ReportPriority, ...ReportPriority[]]

/** Unknown priorities are displayed as normal (SPEC.md section 4). */
export function normalizePriority(value: string): ReportPriority {
  return Object.hasOwn(REPORT_PRIORITIES, value) ? (value as ReportPriority) : 'normal'
}

/** Anonymous codes: 8 characters without look-alikes (no 0/O, 1/I/L), easy to read aloud. */
export const ANONYMOUS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const ANONYMOUS_CODE_LENGTH = 8

/**
 * The statuses in which a problem is still there: the ones "Moi aussi" can join and Open311 calls
 * `open`. The others are closed, or hidden.
 */
export const OPEN_REPORT_STATUSES = statusesOfKind('open')

export function isOpenStatus(status: string): boolean {
  return isReportStatus(status) && REPORT_STATUSES[status].kind === 'open'
}

/** Whether anyone may see a report in this status: everything but a rejected one. */
export function isPublicStatus(status: string): boolean {
  return !isReportStatus(status) || REPORT_STATUSES[status].kind !== 'hidden'
}
