import TriangleAlert from 'lucide-react/icons/triangle-alert'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import { buttonClassName } from '../../components/ui/button'

/** Shown when a screen throws or fails to load (the router's error element). */
export function ErrorPage() {
  const { t } = useTranslation()
  const error = useRouteError()

  useEffect(() => {
    console.error(error)
  }, [error])

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <TriangleAlert aria-hidden="true" className="size-12 text-red-700" />
      <h1 className="text-2xl font-bold text-slate-900">{t('error.title')}</h1>
      <p className="max-w-md text-slate-700">{t('error.text')}</p>
      {/* A full page load: the router itself may be what failed. */}
      <a href="/" className={buttonClassName()}>
        {t('common.backHome')}
      </a>
    </main>
  )
}
