import { useTranslation } from 'react-i18next'
import { Spinner } from '../ui/spinner'

/** While a screen's code is downloading. */
export function PageLoading() {
  const { t } = useTranslation()
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center">
      <Spinner />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  )
}
