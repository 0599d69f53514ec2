import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Category } from '../../domain/category'
import { apiGet } from './api-client'

/**
 * The report categories, ordered by name (GET /api/categories): offered by the report form and
 * the organisation sign-up, managed in the back-office, which reloads them after each change.
 */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal, client }) => apiGet<Category[]>('/api/categories', { signal, client }),
  })

export function useCategories() {
  return useQuery(categoriesQueryOptions())
}
