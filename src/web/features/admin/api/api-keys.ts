import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ApiKey, ApiKeys, CreatedApiKey } from '../../../../domain/api-keys'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.apiKeys(),
    queryFn: ({ signal, client }) => authRequest<ApiKeys>('/api/admin/api-keys', { signal, client }),
  })

/** The Open311 API keys, active first (GET /api/admin/api-keys): never the keys themselves. */
export function useApiKeys() {
  return useQuery(apiKeysQueryOptions())
}

/** A new key, readable in the answer only (POST /api/admin/api-keys). */
export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) =>
      authRequest<CreatedApiKey>('/api/admin/api-keys', { method: 'POST', json: { name } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys() }),
  })
}

/** Revokes a key for good (DELETE /api/admin/api-keys/:id). */
export function useRevokeApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => authRequest<ApiKey>(`/api/admin/api-keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys() }),
  })
}
