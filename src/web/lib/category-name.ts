import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { Category } from '../../domain/category'
import { categoriesQueryOptions } from './categories'

const sameName = (a: string, b: string) => a.localeCompare(b, 'fr', { sensitivity: 'base' }) === 0

/**
 * A category's name in a language: its translation, or its French name when it has none (or when
 * the name is not one of the categories, a report filed under a name since changed).
 */
export function categoryNameIn(
  categories: readonly Category[] | undefined,
  language: string,
  category: string | Pick<Category, 'nom' | 'translations'>,
): string {
  const found =
    typeof category === 'string'
      ? categories?.find((candidate) => sameName(candidate.nom, category))
      : category
  const french = typeof category === 'string' ? category : category.nom
  if (!found || (language !== 'en' && language !== 'wo')) return french
  return found.translations[language].trim() || french
}

/**
 * How the citizen side names a category: in the interface's language (French in the French-only
 * areas, whose i18next instance stays French). Reports carry their category's French name; the
 * translations come with the categories (GET /api/categories), fetched only when not in French.
 */
export function useCategoryName(): (category: string | Pick<Category, 'nom' | 'translations'>) => string {
  const { i18n } = useTranslation()
  const language = i18n.language
  const { data } = useQuery({ ...categoriesQueryOptions(), enabled: language !== 'fr' })
  return useCallback((category) => categoryNameIn(data, language, category), [data, language])
}
