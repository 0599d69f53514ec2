import { useTranslation } from 'react-i18next'
import { Spinner } from '../../../components/ui/spinner'

/** The map's place while its code arrives. */
export function MapLoading() {
  const { t } = useTranslation()
  return (
    <div
      role="status"
      className="flex h-[60dvh] min-h-80 flex-col items-center justify-center gap-3 rounded-xl border border-slate-200 bg-slate-100 text-slate-700"
    >
      <Spinner />
      <span className="text-sm font-medium">{t('map.loading')}</span>
    </div>
  )
}
