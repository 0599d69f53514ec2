import i18next from 'i18next'
import { startTransition } from 'react'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, type Language } from '../../domain/constants'
import { formatNumberIn, pluralRuleOf } from '../lib/locale-conventions'
import { fr } from './fr'

export { DEFAULT_LANGUAGE }

export type Namespace = 'translation' | 'deferred' | 'citizen' | 'organization' | 'admin' | 'signIn' | 'shell'
export type OtherLanguage = Exclude<Language, 'fr'>
/** How a namespace's English and Wolof texts are fetched: each is its own small chunk. */
export type CatalogueLoaders = Record<OtherLanguage, () => Promise<object>>

// Plurals are i18next's (`count`, with `_one` and `_other` texts), but their rules are written in
// lib/locale-conventions.ts, not asked of the browser: i18next would build Intl.PluralRules, and a
// page's first Intl object loads the browser's locale data. i18next has no option for a plural
// resolver; its cache of rules, filled before any text of the language is read, is what it asks.
export function givePluralRule(language: string) {
  i18next.services.pluralResolver.pluralRulesCache[`{"cleanedCode":"${language}","type":"cardinal"}`] =
    pluralRuleOf(language)
}

/**
 * Starts i18next with the French catalogue, bundled: synchronous, so the first render has its
 * texts (English and Wolof are fetched only by those who choose them, languages.ts). Before any
 * text is read or catalogue added. The browser's entry calls it in a task of its own, after its
 * code has been evaluated (both in one task held a cheap phone too long); the server's entry and
 * the tests' setup call it at once.
 */
export function startI18n() {
  if (i18next.isInitialized) return
  void i18next.use(initReactI18next).init({
    resources: { fr: { translation: fr } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
    // A catalogue that arrives after the first render re-renders the screens that use it.
    react: { bindI18nStore: 'added' },
  })
  givePluralRule(DEFAULT_LANGUAGE)
  // Figures in texts ("{{total, number}}") read like the dates: "1 234" in French, "1,234" in English.
  i18next.services.formatter?.add('number', (value, language) =>
    formatNumberIn(language ?? DEFAULT_LANGUAGE, value),
  )
}

/** The registered namespaces and how to fetch them in English and Wolof. */
export const catalogueLoaders = new Map<Namespace, CatalogueLoaders>([
  [
    'translation',
    {
      en: () => import('./en').then((module) => module.en),
      wo: () => import('./wo').then((module) => module.wo),
    },
  ],
])

/**
 * A namespace of texts, added when the code that shows them loads, so that the first page
 * downloads only its own texts. Translated namespaces give their English and Wolof loaders; the
 * others stay French.
 */
export function registerCatalogue(
  namespace: Exclude<Namespace, 'translation'>,
  catalogue: object,
  others?: CatalogueLoaders,
) {
  if (!i18next.hasResourceBundle(DEFAULT_LANGUAGE, namespace))
    addCatalogue(DEFAULT_LANGUAGE, namespace, catalogue)
  if (others && !catalogueLoaders.has(namespace)) {
    catalogueLoaders.set(namespace, others)
    if (i18next.language !== DEFAULT_LANGUAGE) void catalogueReady(namespace)
  }
}

/**
 * Adds a catalogue. Every screen that shows texts is rendered again with it (react-i18next's
 * `bindI18nStore`), in a transition: in slices a tap can come between. Added outside one, that
 * render took one task, and a part of the home page loaded after its first paint held a cheap
 * phone for over 100 ms.
 */
export function addCatalogue(language: string, namespace: Namespace, catalogue: object) {
  startTransition(() => {
    i18next.addResourceBundle(language, namespace, catalogue)
  })
}

/** Resolves once a namespace's texts are there in the current language (routes wait for it). */
export function catalogueReady(namespace: Namespace): Promise<void> {
  if (i18next.language === DEFAULT_LANGUAGE) return Promise.resolve()
  return import('./languages').then((languages) => languages.loadNamespace(namespace, i18next.language))
}

/** Switches the interface language once every registered catalogue has it. */
export function changeLanguage(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE && i18next.language === DEFAULT_LANGUAGE) return Promise.resolve()
  return import('./languages').then((languages) => languages.switchLanguage(language))
}

export { i18next }
