import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast'

/**
 * Shows "Erreur" with the screen's own text when its list fails to load (SPEC.md section 8),
 * once per failure: `failedAt` changes with each new failure.
 */
export function useLoadErrorToast(failed: boolean, failedAt: number, description: string) {
  const { t } = useTranslation()
  useEffect(() => {
    if (!failed) return
    toast.error(t('common.error'), { description, id: `${description}-${failedAt}` })
  }, [failed, failedAt, description, t])
}
