import { useTranslation } from 'react-i18next'
import { usePageMeta } from '../../../lib/page-meta'
import '../i18n/fr'

/** The metadata of an admin screen, and a robots "noindex": the back-office has nothing for a search engine. */
export function useAdminPageMeta(title: string) {
  const { t } = useTranslation('admin')
  usePageMeta({ title, description: t('meta.description'), robots: 'noindex, nofollow' })
}
