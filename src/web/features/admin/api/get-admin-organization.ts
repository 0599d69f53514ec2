import { useQuery } from '@tanstack/react-query'
import type { AdminOrganizationDetail } from '../../../../domain/admin'
import { authRequest } from '../../../lib/auth/auth-request'
import { adminKeys } from './query-keys'

/** An organisation with its members (GET /api/admin/organizations/:id), while its details are open. */
export function useAdminOrganization(id: string | null) {
  return useQuery({
    queryKey: adminKeys.organization(id ?? ''),
    queryFn: ({ signal, client }) =>
      authRequest<AdminOrganizationDetail>(`/api/admin/organizations/${encodeURIComponent(id ?? '')}`, {
        signal,
        client,
      }),
    enabled: id !== null,
  })
}
