import { useSessionStore } from '../../../lib/auth/session-store'

/**
 * Whether the signed-in member is one of the organisation's responsables, who manage its team.
 * A session opened before teams has no member: it is the organisation's, hence a responsable's.
 */
export function useIsResponsable(): boolean {
  return useSessionStore((state) => state.user?.member?.role !== 'agent')
}
