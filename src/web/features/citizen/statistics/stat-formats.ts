import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { formattingLanguage } from '../../../lib/locale'
import { formatLongDateIn, formatNumberIn } from '../../../lib/locale-conventions'

/** Beyond two days a duration reads in days. */
const HOURS_IN_HOURS_MAX = 48

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

/** "5 h", "3 j", "moins d’une heure"; null when nothing was measured. */
export function useFormatHours(): (hours: number | null) => string | null {
  const { t } = useTranslation('citizen')
  return useCallback(
    (hours) => {
      if (hours === null) return null
      if (hours < 1) return t('statistics.underAnHour')
      if (hours < HOURS_IN_HOURS_MAX) return t('statistics.hours', { hours: formatCount(Math.round(hours)) })
      return t('statistics.days', { days: formatCount(Math.round(hours / 24)) })
    },
    [t],
  )
}
