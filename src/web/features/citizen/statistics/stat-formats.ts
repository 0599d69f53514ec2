import { formattingLanguage } from '../../../lib/locale'
import { formatLongDateIn, formatNumberIn } from '../../../lib/locale-conventions'

/** A whole number in the interface's language ("1 234", "1,234"). */
export function formatCount(value: number): string {
  return formatNumberIn(formattingLanguage(), value)
}

/**
 * A week's Monday ("2026-11-23") as a long date. Built from its parts, not parsed as UTC: the
 * server and the browser read the same day whatever their time zones.
 */
export function formatWeek(week: string): string {
  const [year = 0, month = 1, day = 1] = week.split('-').map(Number)
  return formatLongDateIn(formattingLanguage(), new Date(year, month - 1, day))
}
