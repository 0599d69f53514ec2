import MapPinOff from 'lucide-react/icons/map-pin-off'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClassName } from '../../components/ui/button'
import { usePageMeta } from '../../lib/page-meta'

/** Any path the route table does not know. */
export function NotFoundPage() {
  const { t } = useTranslation()
  usePageMeta({ title: t('notFound.metaTitle'), description: t('notFound.text') })
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <MapPinOff aria-hidden="true" className="size-12 text-green-700" />
      <h1 className="text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="max-w-md text-slate-700">{t('notFound.text')}</p>
      <Link to="/" className={buttonClassName()}>
        {t('common.backHome')}
      </Link>
    </main>
  )
}

export { NotFoundPage as Component }
