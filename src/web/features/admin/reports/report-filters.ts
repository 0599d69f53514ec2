import type { AdminReportFilters } from '../../../../domain/admin'
import {
  ADMIN_REPORT_SORT_VALUES,
  type AdminReportSort,
  DEFAULT_ADMIN_REPORT_SORT,
} from '../../../../domain/admin-rules'
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
  page: 'page',
} as const

type FilterName = Exclude<keyof typeof REPORT_FILTER_PARAMETERS, 'page'>

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((known) => known === value)
}

/** The filters and page an address asks for; an unknown value reads as "all" (the default). */
export function readReportFilters(params: URLSearchParams): { filters: AdminReportFilters; page: number } {
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
  const page = Number(params.get(REPORT_FILTER_PARAMETERS.page))
  return { filters, page: Number.isInteger(page) && page > 1 ? page : 1 }
}

/**
 * The address's parameters with one filter changed (a default value leaves the address) and the
 * page back to 1; the other parameters of the address are kept.
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
  next.delete(REPORT_FILTER_PARAMETERS.page)
  return next
}

/** The address's parameters at another page of the same list. */
export function withReportPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params)
  if (page > 1) next.set(REPORT_FILTER_PARAMETERS.page, String(page))
  else next.delete(REPORT_FILTER_PARAMETERS.page)
  return next
}
