import {
  REPORT_PRIORITIES,
  REPORT_PRIORITY_VALUES,
  REPORT_STATUSES,
  type ReportPriority,
  type ReportStatus,
} from '../../../domain/report-states'
import type { SelectOption } from '../ui/select-field'

/** Report statuses as select options, with their French labels (all of them: `REPORT_STATUS_VALUES`). */
export function statusOptions<T extends ReportStatus>(statuses: readonly T[]): SelectOption<T>[] {
  return statuses.map((value) => ({ value, label: REPORT_STATUSES[value].label }))
}

export function priorityOptions(): SelectOption<ReportPriority>[] {
  return REPORT_PRIORITY_VALUES.map((value) => ({ value, label: REPORT_PRIORITIES[value].label }))
}
