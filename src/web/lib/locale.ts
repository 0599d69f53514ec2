import { INTL_LOCALES, i18next } from '../i18n'

let override: string | null = null

/** The French-only areas format in French whatever the chosen language (null: follow it). */
export function setFormattingLanguage(language: string | null) {
  override = language
}

/** The language dates and numbers are written in: the interface's, or the area's override. */
export function formattingLanguage(): string {
  return override ?? i18next.language ?? 'fr'
}

const cache = new Map<string, unknown>()

/** One formatter per language and options, made once. */
export function cachedFormatter<T>(name: string, make: (locales: string[]) => T): T {
  const language = formattingLanguage()
  const key = `${language}:${name}`
  let formatter = cache.get(key) as T | undefined
  if (!formatter) {
    formatter = make(INTL_LOCALES[language] ?? ['fr-FR'])
    cache.set(key, formatter)
  }
  return formatter
}
