import '../i18n/deferred/fr'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { formattingLanguage } from './locale'
import { formatNumberIn } from './locale-conventions'

/** Beyond two days a duration reads in days. */
const HOURS_IN_HOURS_MAX = 48

/**
 * How long something took, one way everywhere (/statistiques, the back-office's dashboard):
 * "5 h", "8 j", "moins d’une heure"; null when nothing was measured.
 */
export function useFormatHours(): (hours: number | null) => string | null {
  const { t } = useTranslation('deferred')
  return useCallback(
    (hours) => {
      if (hours === null) return null
      const whole = (value: number) => formatNumberIn(formattingLanguage(), Math.round(value))
      if (hours < 1) return t('durations.underAnHour')
      if (hours < HOURS_IN_HOURS_MAX) return t('durations.hours', { hours: whole(hours) })
      return t('durations.days', { days: whole(hours / 24) })
    },
    [t],
  )
}
