import type { AdminReportFilters } from '../../../../domain/admin'
import {
  ADMIN_REPORT_SORT_VALUES,
  type AdminReportSort,
  DEFAULT_ADMIN_REPORT_SORT,
} from '../../../../domain/admin-rules'
import { AREA_COUNT } from '../../../../domain/area-rules'
import { OVERDUE_FILTER, OVERDUE_KIND_VALUES } from '../../../../domain/overdue'
import { PAGE_CURSOR_PATTERN, type PageCursor } from '../../../../domain/pagination-rules'
import {
  REPORT_PRIORITY_VALUES,
  REPORT_STATUS_VALUES,
  type ReportPriority,
  type ReportStatus,
} from '../../../../domain/report-states'

/**
 * The admin's report filters live in the page's address (/admin/reports?statut=en-cours&q=…):
 * a reload, "back" and a shared link keep them. The names are French, as the address reads.
 */
export const REPORT_FILTER_PARAMETERS = {
  q: 'q',
  status: 'statut',
  priority: 'priorite',
  sort: 'tri',
  // The commune's id (1 to 19, as GET /api/areas numbers them).
  area: 'commune',
  // The late reports (issue 30): `1` of either kind, `claim` or `resolve` of one; the dashboard's
  // "À attribuer" links here with `retard=1`.
  overdue: 'retard',
  page: 'page',
  // A search's keyset cursors (Page.next, Page.previous), sent back as `after` and `before`.
  after: 'apres',
  before: 'avant',
} as const

type FilterName = Exclude<keyof typeof REPORT_FILTER_PARAMETERS, 'page' | 'after' | 'before'>

/** What the "Délai" filter may ask: late of either kind, or of one kind. */
const OVERDUE_CHOICES = [OVERDUE_FILTER, ...OVERDUE_KIND_VALUES] as const

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((known) => known === value)
}

/**
 * The filters, page and cursor an address asks for; an unknown value reads as "all" (the
 * default), a malformed cursor as none (the server then finds the page by its number).
 */
export function readReportFilters(params: URLSearchParams): {
  filters: AdminReportFilters
  page: number
  cursor: PageCursor
} {
  const filters: AdminReportFilters = {}
  const q = params.get(REPORT_FILTER_PARAMETERS.q)?.trim()
  if (q) filters.q = q
  const status = oneOf<ReportStatus>(REPORT_STATUS_VALUES, params.get(REPORT_FILTER_PARAMETERS.status))
  if (status) filters.status = status
  const priority = oneOf<ReportPriority>(
    REPORT_PRIORITY_VALUES,
    params.get(REPORT_FILTER_PARAMETERS.priority),
  )
  if (priority) filters.priority = priority
  const sort = oneOf<AdminReportSort>(ADMIN_REPORT_SORT_VALUES, params.get(REPORT_FILTER_PARAMETERS.sort))
  if (sort && sort !== DEFAULT_ADMIN_REPORT_SORT) filters.sort = sort
  const area = Number(params.get(REPORT_FILTER_PARAMETERS.area))
  if (Number.isInteger(area) && area >= 1 && area <= AREA_COUNT) filters.area = area
  const overdue = oneOf(OVERDUE_CHOICES, params.get(REPORT_FILTER_PARAMETERS.overdue))
  if (overdue) filters.overdue = overdue
  const page = Number(params.get(REPORT_FILTER_PARAMETERS.page))
  return { filters, page: Number.isInteger(page) && page > 1 ? page : 1, cursor: readCursor(params) }
}

/** One cursor at most: "Suivant" writes `apres`, "Précédent" `avant`, never both. */
function readCursor(params: URLSearchParams): PageCursor {
  const valid = (value: string | null) => (value && PAGE_CURSOR_PATTERN.test(value) ? value : undefined)
  const after = valid(params.get(REPORT_FILTER_PARAMETERS.after))
  if (after) return { after }
  const before = valid(params.get(REPORT_FILTER_PARAMETERS.before))
  return before ? { before } : {}
}

/**
 * The address's parameters with one filter changed (a default value leaves the address) and the
 * page back to 1, without a cursor (it belongs to the former list); the others are kept.
 */
export function withReportFilter(
  params: URLSearchParams,
  name: FilterName,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params)
  const isDefault = !value || value === 'all' || (name === 'sort' && value === DEFAULT_ADMIN_REPORT_SORT)
  if (isDefault) next.delete(REPORT_FILTER_PARAMETERS[name])
  else next.set(REPORT_FILTER_PARAMETERS[name], value)
  return withoutPosition(next)
}

/** The parameters without the page and cursor: those of the list's first page. */
function withoutPosition(params: URLSearchParams): URLSearchParams {
  params.delete(REPORT_FILTER_PARAMETERS.page)
  params.delete(REPORT_FILTER_PARAMETERS.after)
  params.delete(REPORT_FILTER_PARAMETERS.before)
  return params
}

/** The address's parameters at another page of the same list, with the cursor leading there if any. */
export function withReportPage(
  params: URLSearchParams,
  page: number,
  cursor: PageCursor = {},
): URLSearchParams {
  const next = withoutPosition(new URLSearchParams(params))
  if (page > 1) next.set(REPORT_FILTER_PARAMETERS.page, String(page))
  if (cursor.after) next.set(REPORT_FILTER_PARAMETERS.after, cursor.after)
  else if (cursor.before) next.set(REPORT_FILTER_PARAMETERS.before, cursor.before)
  return next
}
