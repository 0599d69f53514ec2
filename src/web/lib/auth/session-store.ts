import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { LoginInput, Session, SessionUser, UserType } from '../../../domain/auth'
import { STORE_NAMES, TOKEN_REFRESH_LEAD_MS } from '../../../domain/constants'
import { ApiError, apiRequest } from '../api-client'

/** The auth store of SPEC.md section 3, persisted under `auth-storage`. */
export interface SessionState {
  user: SessionUser | null
  userType: UserType | null
  token: string | null
  refreshToken: string | null
  isAuthenticated: boolean
  isLoading: boolean
  /** When the access token expires, in milliseconds since the epoch. */
  sessionExpiry: number | null
  login(input: LoginInput): Promise<{ ok: true; session: Session } | { ok: false; message: string }>
  /** Renews the tokens; a failure ends the session. */
  refresh(): Promise<boolean>
  logout(): Promise<void>
  /** Adopts a session the server opened (e.g. after a password change). */
  setSession(session: Session): void
}

/** The state of a browser where nobody is signed in. */
export const SIGNED_OUT = {
  user: null,
  userType: null,
  token: null,
  refreshToken: null,
  isAuthenticated: false,
  isLoading: false,
  sessionExpiry: null,
} as const

// One refresh at a time: concurrent 401s wait for the same renewal.
let refreshing: Promise<boolean> | null = null

type Get = () => SessionState
type Set = (partial: Partial<SessionState>) => void

/**
 * Presents the refresh token once. Another tab of the same browser may have renewed the session
 * meanwhile: presenting the token it already spent would look like a theft to the server, which
 * then ends the session everywhere. So the stored session is read first, and adopted when it is
 * newer. A network failure keeps the session (the phone may just be offline); a refusal ends it.
 */
async function renew(get: Get, set: Set): Promise<boolean> {
  const held = get().refreshToken
  await useSessionStore.persist.rehydrate()
  const { refreshToken, isAuthenticated, sessionExpiry } = get()
  if (!isAuthenticated || !refreshToken) return false
  if (refreshToken !== held && (sessionExpiry ?? 0) - TOKEN_REFRESH_LEAD_MS > Date.now()) return true
  try {
    const session = await apiRequest<Session>('/api/auth/refresh', {
      method: 'POST',
      json: { refreshToken },
    })
    get().setSession(session)
    return true
  } catch (error) {
    console.error('token refresh failed', error)
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500
    if (refused) set({ ...SIGNED_OUT })
    return false
  }
}

/** Runs the renewal while holding a lock shared by the tabs of this browser, where there is one. */
function withRefreshLock(renewal: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return renewal()
  // The DOM typings wrap the callback's promise once more than the lock actually returns.
  return locks.request('alertes-urbaines-auth-refresh', renewal).then((renewed) => renewed)
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      ...SIGNED_OUT,

      async login(input) {
        set({ isLoading: true })
        try {
          const session = await apiRequest<Session>('/api/auth/login', { method: 'POST', json: input })
          get().setSession(session)
          return { ok: true, session }
        } catch (error) {
          console.error('login failed', error)
          set({ ...SIGNED_OUT })
          return { ok: false, message: error instanceof ApiError ? error.message : String(error) }
        }
      },

      refresh() {
        refreshing ??= withRefreshLock(() => renew(get, set)).finally(() => {
          refreshing = null
        })
        return refreshing
      },

      async logout() {
        const { refreshToken } = get()
        set({ ...SIGNED_OUT })
        removeLegacySessions()
        if (refreshToken) {
          await apiRequest('/api/auth/logout', { method: 'POST', json: { refreshToken } }).catch(() => {})
        }
      },

      setSession(session) {
        set({
          user: session.user,
          userType: session.userType,
          token: session.token,
          refreshToken: session.refreshToken,
          isAuthenticated: true,
          isLoading: false,
          sessionExpiry: Date.now() + session.expiresIn * 1000,
        })
      },
    }),
    {
      name: STORE_NAMES.auth,
      storage: createJSONStorage(() => localStorage),
      // Starting up is when the earlier version's sessions are dropped (DESIGN.md section 2).
      onRehydrateStorage: () => removeLegacySessions,
      partialize: ({ user, userType, token, refreshToken, isAuthenticated, sessionExpiry }) => ({
        user,
        userType,
        token,
        refreshToken,
        isAuthenticated,
        sessionExpiry,
      }),
    },
  ),
)

/**
 * Sessions stored by the earlier version of the product hold no token this server accepts:
 * they are removed, never turned into sessions (DESIGN.md section 2).
 */
export const LEGACY_SESSION_KEYS = [
  'admin_user',
  'adminUser',
  'organization_session',
  'organizationSession',
] as const

export function removeLegacySessions() {
  for (const key of LEGACY_SESSION_KEYS) localStorage.removeItem(key)
}

// A login, a renewal or a logout in another tab reaches this one.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== localStorage) return
    if (event.key === null || (event.key === STORE_NAMES.auth && event.newValue === null)) {
      useSessionStore.setState({ ...SIGNED_OUT })
    } else if (event.key === STORE_NAMES.auth) {
      void useSessionStore.persist.rehydrate()
    }
  })
}
