/** The report categories, without zod (the rules half of category.ts). */

/** Categories seeded on the first start (DESIGN.md section 4). */
export const DEFAULT_CATEGORIES = [
  'Voirie',
  'Éclairage public',
  'Propreté',
  'Assainissement',
  'Autre',
] as const

/** The languages a category's name is translated into, beside its French name (`nom`). */
export const CATEGORY_TRANSLATION_LANGUAGES = ['en', 'wo'] as const
export type CategoryTranslationLanguage = (typeof CATEGORY_TRANSLATION_LANGUAGES)[number]
export type CategoryTranslations = Record<CategoryTranslationLanguage, string>

/**
 * The default categories in English and Wolof (migration 0005_category_translations gives them to
 * the categories of an existing database that still bear these French names). Wolof in the CLAD
 * spelling, in the words of Dakar: "set-setal" is the city's word for cleaning up.
 */
export const DEFAULT_CATEGORY_TRANSLATIONS: Record<
  (typeof DEFAULT_CATEGORIES)[number],
  CategoryTranslations
> = {
  Voirie: { en: 'Roads', wo: 'Mbedd yi' },
  'Éclairage public': { en: 'Street lighting', wo: 'Leeru mbedd yi' },
  Propreté: { en: 'Cleanliness', wo: 'Set-setal' },
  Assainissement: { en: 'Sanitation', wo: 'Tuyo ak ndox mu ñaaw' },
  Autre: { en: 'Other', wo: 'Yeneen' },
}

/** The longest name of a category, in French as in each translation. */
export const CATEGORY_NAME_MAX_LENGTH = 100

/**
 * How long a report of the category may wait (issue 30), in hours from its filing: to be claimed,
 * and to be resolved. Past either, it is late ("En retard"). Administrators set them per category.
 */
export const DEFAULT_CLAIM_TARGET_HOURS = 48
export const DEFAULT_RESOLVE_TARGET_HOURS = 336
export const TARGET_HOURS_MIN = 1
/** A year. */
export const TARGET_HOURS_MAX = 8760
