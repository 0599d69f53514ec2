import { i18next } from '../i18n'

let override: string | null = null

/** The French-only areas format in French whatever the chosen language (null: follow it). */
export function setFormattingLanguage(language: string | null) {
  override = language
}

/** The language dates and numbers are written in: the interface's, or the area's override. */
export function formattingLanguage(): string {
  return override ?? i18next.language ?? 'fr'
}
