import type { z } from 'zod'
import { AppError } from '../errors'

/**
 * The first problem of a failed parse, as the API's 400: its French message and its field, but no
 * `reason`. A zod issue keeps the text of a check's `error` and nothing that says which of the
 * domain's messages it was (only custom issues have `params`), and finding it back by its text is
 * what reasons replace; the form that sent the request checks the same schema first anyway.
 */
export function invalidInput(issue: { message: string; path: PropertyKey[] } | undefined): AppError {
  const field = issue?.path.map(String).join('.') || undefined
  return new AppError('invalid_input', { message: issue?.message, field })
}

export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data)
  if (!parsed.success) throw invalidInput(parsed.error.issues[0])
  return parsed.data
}
