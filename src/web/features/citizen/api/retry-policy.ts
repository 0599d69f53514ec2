import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api-client'

type Retry = (failureCount: number, error: Error) => boolean

/**
 * The app's retry policy, except for a refusal: asking again with a token the server does not
 * know would only make the citizen wait for the same answer.
 */
export function useRetryUnlessRefused(): Retry {
  const configured = useQueryClient().getDefaultOptions().queries?.retry
  return (failureCount, error) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
    if (typeof configured === 'function') return Boolean(configured(failureCount, error))
    if (typeof configured === 'number') return failureCount < configured
    return configured ?? false
  }
}
