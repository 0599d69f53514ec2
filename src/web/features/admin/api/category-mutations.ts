import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Category } from '../../../../domain/category'
import { authRequest } from '../../../lib/auth/auth-request'
import { categoriesQueryOptions } from '../../../lib/categories'

export function createCategory(nom: string) {
  return authRequest<Category>('/api/admin/categories', { method: 'POST', json: { nom } })
}

export function renameCategory(id: number, nom: string) {
  return authRequest<Category>(`/api/admin/categories/${id}`, { method: 'PATCH', json: { nom } })
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
export const useCreateCategory = () => useCategoryMutation((nom: string) => createCategory(nom))
/** PATCH /api/admin/categories/:id */
export const useRenameCategory = () =>
  useCategoryMutation(({ id, nom }: { id: number; nom: string }) => renameCategory(id, nom))
/** DELETE /api/admin/categories/:id */
export const useDeleteCategory = () => useCategoryMutation((id: number) => deleteCategory(id))
