import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api-client'

/**
 * Shows the server's reason ("Ce nom d'utilisateur est déjà utilisé.") under the field it names,
 * and moves the focus there, when the form has that field.
 */
export function showServerFieldError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) {
  if (!(error instanceof ApiError) || !error.field) return
  const field = fields.find((name) => name === error.field)
  if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true })
}
