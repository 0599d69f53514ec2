import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { usePageMeta } from '../../../lib/page-meta'
import '../i18n/fr'

/**
 * The metadata of an admin screen, and a robots "noindex": the back-office has nothing for a
 * search engine. One screen is mounted at a time, so the tag is added and removed with it.
 */
export function useAdminPageMeta(title: string) {
  const { t } = useTranslation('admin')
  usePageMeta({ title, description: t('meta.description') })
  useEffect(() => {
    const existing = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')
    const meta = existing ?? document.createElement('meta')
    const previous = existing?.content
    meta.name = 'robots'
    meta.content = 'noindex, nofollow'
    if (!existing) document.head.append(meta)
    return () => {
      if (previous === undefined) meta.remove()
      else meta.content = previous
    }
  }, [])
}
