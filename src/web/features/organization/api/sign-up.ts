import { useMutation } from '@tanstack/react-query'
import type { SignupInput } from '../../../../domain/organization'
import { apiRequest } from '../../../lib/api-client'

export function signUp(input: SignupInput) {
  return apiRequest<{ id: string; status: string }>('/api/organizations/signup', {
    method: 'POST',
    json: input,
  })
}

/** POST /api/organizations/signup: the organisation is created pending approval. */
export function useSignUp() {
  return useMutation({ mutationFn: signUp })
}
