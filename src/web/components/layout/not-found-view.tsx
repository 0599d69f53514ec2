import MapPinOff from 'lucide-react/icons/map-pin-off'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePageMeta } from '../../lib/page-meta'
import { buttonClassName } from '../ui/button'

/**
 * The not-found page: any path the route table does not know, and a page whose subject is unknown
 * (a report's page for an id no public report has).
 */
export function NotFoundView() {
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
