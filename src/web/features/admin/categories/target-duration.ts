import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import '../i18n/fr'

const HOURS_IN_A_DAY = 24
/** Up to two days a target reads in hours ("48 h"), as it is thought of; beyond, in days when whole ("14 j"). */
const HOURS_SHOWN_MAX = 48

/** A category's target as the Catégories screen says it: "48 h", "14 j", "100 h". */
export function useTargetDuration(): (hours: number) => string {
  const { t } = useTranslation('admin')
  return useCallback(
    (hours) =>
      hours > HOURS_SHOWN_MAX && hours % HOURS_IN_A_DAY === 0
        ? t('categories.days', { days: hours / HOURS_IN_A_DAY })
        : t('categories.hours', { hours }),
    [t],
  )
}
