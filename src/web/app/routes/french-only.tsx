import { useEffect, useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { Outlet } from 'react-router'
import { DEFAULT_LANGUAGE, i18next } from '../../i18n'
import { setFormattingLanguage } from '../../lib/locale'
import type { PageHandle } from '../../lib/page-loader'

/**
 * The organisation and admin areas are in French only (their catalogues are not translated):
 * whatever language this browser chose for the citizen side, they read French, dates included.
 */
export function FrenchOnly() {
  const [french] = useState(() => i18next.cloneInstance({ lng: DEFAULT_LANGUAGE }))
  // Set while rendering, so that the first render of the area already formats in French.
  setFormattingLanguage(DEFAULT_LANGUAGE)
  useEffect(() => {
    document.documentElement.lang = DEFAULT_LANGUAGE
    return () => {
      setFormattingLanguage(null)
      document.documentElement.lang = i18next.language
    }
  }, [])
  return (
    <I18nextProvider i18n={french}>
      <Outlet />
    </I18nextProvider>
  )
}

export { FrenchOnly as Component }

export const handle: PageHandle = { frenchOnly: true }
