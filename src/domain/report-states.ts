/**
 * The vocabulary of a report — statuses, priorities, the anonymous code — without zod, so that
 * the first page can show badges without loading the validation library.
 */

/** Report statuses: machine label, French label and the colour of the home card badge. */
export const REPORT_STATUSES = {
  'en-attente': { label: 'En attente', tone: 'red' },
  'en-cours': { label: 'En cours', tone: 'yellow' },
  resolu: { label: 'Résolu', tone: 'green' },
  rejete: { label: 'Rejeté', tone: 'grey' },
} as const
export type ReportStatus = keyof typeof REPORT_STATUSES
export const REPORT_STATUS_VALUES = Object.keys(REPORT_STATUSES) as [ReportStatus, ...ReportStatus[]]

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
  return isReportStatus(value) ? REPORT_STATUSES[value] : { label: value, tone: 'grey' }
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
 * The statuses in which a problem is still there (FixMyStreet's "open" kind): the ones "Moi aussi"
 * can join and Open311 calls `open`. The others (resolu, rejete) are closed.
 */
export const OPEN_REPORT_STATUSES = ['en-attente', 'en-cours'] as const satisfies readonly ReportStatus[]

export function isOpenStatus(status: string): boolean {
  return (OPEN_REPORT_STATUSES as readonly string[]).includes(status)
}
