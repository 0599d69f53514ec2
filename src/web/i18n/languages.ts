// Switching to English or Wolof: fetched the first time a visitor asks for another language,
// never in the home page's first download.
import type { Language } from '../../domain/constants'
import { rememberLanguage } from '../lib/display-settings'
import { formattingLanguage } from '../lib/locale'
import {
  addCatalogue,
  catalogueLoaders,
  DEFAULT_LANGUAGE,
  givePluralRule,
  i18next,
  type Namespace,
  type OtherLanguage,
} from '.'

const loading = new Map<string, Promise<void>>()

/** Fetches one namespace's catalogue in one language, once; offline, French stands in. */
export function loadNamespace(namespace: Namespace, language: string): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18next.hasResourceBundle(language, namespace))
    return Promise.resolve()
  const loader = catalogueLoaders.get(namespace)?.[language as OtherLanguage]
  if (!loader) return Promise.resolve()
  givePluralRule(language)
  const key = `${language}:${namespace}`
  let pending = loading.get(key)
  if (!pending) {
    pending = loader()
      .then((catalogue) => {
        addCatalogue(language, namespace, catalogue)
      })
      .catch((error: unknown) => {
        console.warn(`catalogue ${key} unavailable`, error)
        loading.delete(key)
      })
    loading.set(key, pending)
  }
  return pending
}

/**
 * Every registered catalogue in that language, then the switch; `<html lang>` follows, but in a
 * French-only area, which stays French (the stored language is applied once the page is idle,
 * after the area has rendered).
 */
export async function switchLanguage(language: Language): Promise<void> {
  await Promise.all([...catalogueLoaders.keys()].map((namespace) => loadNamespace(namespace, language)))
  if (i18next.language !== language) await i18next.changeLanguage(language)
  document.documentElement.lang = formattingLanguage()
  rememberLanguage(language)
}
