import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminCategory } from '../../../../domain/admin'
import type { CategoryTranslations } from '../../../../domain/category'
import { authRequest } from '../../../lib/auth/auth-request'
import { categoriesQueryOptions } from '../../../lib/categories'
import { adminKeys } from './query-keys'

/**
 * A category as its dialog sends it: its French name, its English and Wolof names ('' when not
 * translated) and its targets in hours (issue 30).
 */
export type CategoryFields = {
  nom: string
  translations: CategoryTranslations
  claim_target_hours: number
  resolve_target_hours: number
}

export function createCategory(fields: CategoryFields) {
  return authRequest<AdminCategory>('/api/admin/categories', { method: 'POST', json: fields })
}

export function changeCategory(id: number, fields: CategoryFields) {
  return authRequest<AdminCategory>(`/api/admin/categories/${id}`, { method: 'PATCH', json: fields })
}

/** Refused with 409 while a report or an organisation uses the category. */
export function deleteCategory(id: number) {
  return authRequest<null>(`/api/admin/categories/${id}`, { method: 'DELETE' })
}

function useCategoryMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    // The back-office's list (with the targets), and the public one the other screens offer.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.categories() }),
        queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
      ]),
  })
}

/** POST /api/admin/categories */
export const useCreateCategory = () => useCategoryMutation((fields: CategoryFields) => createCategory(fields))
/** PATCH /api/admin/categories/:id */
export const useChangeCategory = () =>
  useCategoryMutation(({ id, ...fields }: CategoryFields & { id: number }) => changeCategory(id, fields))
/** DELETE /api/admin/categories/:id */
export const useDeleteCategory = () => useCategoryMutation((id: number) => deleteCategory(id))
