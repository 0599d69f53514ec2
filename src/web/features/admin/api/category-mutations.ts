import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Category, CategoryTranslations } from '../../../../domain/category'
import { authRequest } from '../../../lib/auth/auth-request'
import { categoriesQueryOptions } from '../../../lib/categories'

/** A category's French name and its English and Wolof names ('' when not translated). */
export type CategoryNames = { nom: string; translations: CategoryTranslations }

export function createCategory(names: CategoryNames) {
  return authRequest<Category>('/api/admin/categories', { method: 'POST', json: names })
}

export function renameCategory(id: number, names: CategoryNames) {
  return authRequest<Category>(`/api/admin/categories/${id}`, { method: 'PATCH', json: names })
}

/** Refused with 409 while a report or an organisation uses the category. */
export function deleteCategory(id: number) {
  return authRequest<null>(`/api/admin/categories/${id}`, { method: 'DELETE' })
}

function useCategoryMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
  })
}

/** POST /api/admin/categories */
export const useCreateCategory = () => useCategoryMutation((names: CategoryNames) => createCategory(names))
/** PATCH /api/admin/categories/:id */
export const useRenameCategory = () =>
  useCategoryMutation(({ id, ...names }: CategoryNames & { id: number }) => renameCategory(id, names))
/** DELETE /api/admin/categories/:id */
export const useDeleteCategory = () => useCategoryMutation((id: number) => deleteCategory(id))
