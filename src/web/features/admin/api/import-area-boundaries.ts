import { useMutation, useQueryClient } from '@tanstack/react-query'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

/** A GeoJSON FeatureCollection of the communes' limits, as the administrator's file holds it. */
export function importAreaBoundaries(collection: unknown) {
  return authRequest<{ updated: number }>('/api/admin/areas', { method: 'PUT', json: collection })
}

/**
 * Imports the communes' limits (PUT /api/admin/areas): those the file leaves out go back to their
 * centre's approximation. The communes are then read again, recounting their reports.
 */
export function useImportAreaBoundaries() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importAreaBoundaries,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.areas() }),
  })
}
