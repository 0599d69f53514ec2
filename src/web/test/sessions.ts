// Signed-in sessions for the component tests of the admin and organisation areas.
import type { Session, SessionUser } from '../../domain/auth'
import { SIGNED_OUT, useSessionStore } from '../lib/auth/session-store'

export const ADMIN_USER: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Awa Ndiaye',
  email: 'awa@dakar.sn',
  username: 'awa.ndiaye',
  role: 'admin',
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  last_login: null,
}

export const ORGANIZATION_ID = '0b6a1f7e-6a3c-4c1e-9d2a-000000000001'
/** The organisation's responsable, who is signed in unless a test says otherwise. */
export const RESPONSABLE = {
  id: '0b6a1f7e-6a3c-4c1e-9d2a-0000000000a1',
  name: 'Awa Ndiaye',
  email: 'contact@mairie-medina.sn',
  role: 'responsable',
} as const

export const ORGANIZATION_USER: SessionUser = {
  id: ORGANIZATION_ID,
  name: 'Mairie de la Médina',
  email: 'contact@mairie-medina.sn',
  username: null,
  role: 'mairie',
  status: 'approved',
  created_at: '2026-01-10T09:00:00.000Z',
  last_login: '2026-11-20T08:00:00.000Z',
  member: RESPONSABLE,
}

/**
 * What POST /api/auth/login (or /refresh) answers the web app: an access token of 15 minutes (the
 * refresh token goes in the HttpOnly cookie, never in the body).
 */
export function adminSession(overrides: Partial<Session> = {}): Session {
  return {
    user: ADMIN_USER,
    userType: 'admin',
    token: 'admin-token',
    expiresIn: 900,
    ...overrides,
  }
}

export function organizationSession(overrides: Partial<Session> = {}): Session {
  return {
    user: ORGANIZATION_USER,
    userType: 'organization',
    token: 'access-1',
    expiresIn: 900,
    ...overrides,
  }
}

export function signInAsAdmin(user: SessionUser = ADMIN_USER) {
  useSessionStore.getState().setSession(adminSession({ user }))
}

export function signInOrganization(session: Session = organizationSession()) {
  useSessionStore.getState().setSession(session)
}

export function signOut() {
  useSessionStore.setState({ ...SIGNED_OUT })
}
