import CircleAlert from 'lucide-react/icons/circle-alert'
import { useTranslation } from 'react-i18next'
import { Button } from './button'

/**
 * What a screen shows when its data could not be loaded: what failed, the server's reason, and
 * "Réessayer".
 */
export function LoadError({
  title,
  message,
  onRetry,
}: {
  /** What could not be loaded ("Impossible de charger le profil"). */
  title?: string
  /** Why: the server's French message. */
  message?: string
  onRetry: () => void
}) {
  const { t } = useTranslation()
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-6 py-8 text-center"
    >
      <CircleAlert aria-hidden="true" className="size-8 text-red-700" />
      {title ? <p className="font-semibold text-red-900">{title}</p> : null}
      <p className="max-w-md text-sm text-red-800">{message ?? t('common.loadError')}</p>
      <Button variant="outline" onClick={onRetry} className="mt-2">
        {t('common.retry')}
      </Button>
    </div>
  )
}
