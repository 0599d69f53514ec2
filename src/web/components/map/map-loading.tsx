import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/class-names'

/**
 * A map's place while its code and tiles arrive. Still, not spinning: a loading animation makes
 * the phone draw a new frame sixty times a second in the very seconds it starts the page, which
 * on a cheap phone (and in Lighthouse's run here) kept its main thread from the page's own work.
 */
export function MapLoading({ className }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <div
      role="status"
      className={cn('flex h-full flex-col items-center justify-center gap-3 text-slate-700', className)}
    >
      <span className="text-sm font-medium">{t('map.loading')}</span>
    </div>
  )
}
