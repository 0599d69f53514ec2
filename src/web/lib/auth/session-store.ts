import { createContext, useCallback, useContext, useSyncExternalStore } from 'react'
import { create, createStore, type StoreApi } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { LoginInput, Session, SessionUser, UserType } from '../../../domain/auth'
import { STORE_NAMES, TOKEN_REFRESH_LEAD_MS } from '../../../domain/constants'
import type { PageSession } from '../../../domain/page-renderer'
import { forgetKeptPages } from '../../pwa/kept-pages'
import { ApiError, apiRequest, logApiFailure } from '../api-client'

/** The auth store of SPEC.md section 3, persisted under `auth-storage`. */
export interface SessionState {
  user: SessionUser | null
  userType: UserType | null
  /** The access token; the refresh token is in the HttpOnly session cookie, out of the page's reach. */
  token: string | null
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
  isAuthenticated: false,
  isLoading: false,
  sessionExpiry: null,
} as const

// One refresh at a time: concurrent 401s wait for the same renewal.
let refreshing: Promise<boolean> | null = null

type Get = () => SessionState
type Set = (partial: Partial<SessionState>) => void

/**
 * Renews the session with the refresh token of the session cookie, which the browser sends.
 * Another tab of the same browser may have renewed the session meanwhile (its answer set the
 * cookie): the stored session is read first, and adopted when it is newer. A network failure
 * keeps the session (the phone may just be offline); a refusal ends it.
 */
async function renew(get: Get, set: Set): Promise<boolean> {
  const heldToken = get().token
  await browserSessionStore.persist.rehydrate()
  const { isAuthenticated, token, sessionExpiry } = get()
  if (!isAuthenticated) return false
  if (token !== heldToken && (sessionExpiry ?? 0) - TOKEN_REFRESH_LEAD_MS > Date.now()) return true
  try {
    const session = await apiRequest<Session>('/api/auth/refresh', { method: 'POST', json: {} })
    get().setSession(session)
    return true
  } catch (error) {
    logApiFailure('token refresh failed', error)
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

/** The session of this browser, kept in localStorage (the access token, never the refresh token). */
const browserSessionStore = create<SessionState>()(
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
          logApiFailure('login failed', error)
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
        set({ ...SIGNED_OUT })
        removeLegacySessions()
        // The server ends the cookie's session and clears the cookie; the phone keeps no page of it.
        await Promise.all([
          apiRequest('/api/auth/logout', { method: 'POST', json: {} }).catch(() => {}),
          forgetKeptPages().catch((error: unknown) => console.warn('pages gardées non effacées', error)),
        ])
      },

      setSession(session) {
        set({
          user: session.user,
          userType: session.userType,
          token: session.token,
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
      partialize: ({ user, userType, token, isAuthenticated, sessionExpiry }) => ({
        user,
        userType,
        token,
        isAuthenticated,
        sessionExpiry,
      }),
      // Version 0 kept the refresh token here: it now lives in the HttpOnly cookie only.
      version: 1,
      migrate: (stored) => {
        const { refreshToken: _, ...kept } = (stored ?? {}) as Record<string, unknown>
        return kept as Partial<SessionState>
      },
    },
  ),
)

/**
 * This browser's session for a page about to open: a stored session whose access token expired
 * while the page was closed is renewed first (a refusal signs out), so that the page's first
 * requests never go with a dead token.
 */
export async function currentSession(): Promise<SessionState> {
  const state = browserSessionStore.getState()
  if (state.isAuthenticated && (state.sessionExpiry ?? 0) <= Date.now()) await state.refresh()
  return browserSessionStore.getState()
}

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
      browserSessionStore.setState({ ...SIGNED_OUT })
    } else if (event.key === STORE_NAMES.auth) {
      void browserSessionStore.persist.rehydrate()
    }
  })
}

/**
 * The session a page is rendered for. In the browser, this browser's session; when the server
 * renders a page, a store of that page request's own (`pageSessionStore`), given by this context: no
 * request's session is ever seen by another's render.
 */
export const SessionStoreContext = createContext<StoreApi<SessionState> | null>(null)

function useSessionState(): SessionState
function useSessionState<T>(selector: (state: SessionState) => T): T
function useSessionState<T>(selector?: (state: SessionState) => T) {
  const store = useContext(SessionStoreContext) ?? browserSessionStore
  const select = selector ?? ((state: SessionState) => state as T)
  const read = useCallback(() => select(store.getState()), [store, select])
  // The same snapshot while hydrating as after: the page was rendered for the session adopted
  // before hydration (`adoptPageSession`). Zustand's own hook would read the store's state at its
  // creation there (signed out), and an area rendered signed in would be hydrated signed out.
  return useSyncExternalStore(store.subscribe, read, read)
}

/**
 * The session, read while rendering (the page's store), and `getState`/`setState` for what happens
 * in the browser only (a login, a renewal, a click).
 */
export const useSessionStore = Object.assign(useSessionState, {
  getState: browserSessionStore.getState,
  setState: browserSessionStore.setState,
  subscribe: browserSessionStore.subscribe,
  persist: browserSessionStore.persist,
})

const notInThePage = () => Promise.reject(new Error('a server-rendered page does not sign in or out'))

/** The session of one server-rendered page request: who its cookie says, without tokens. */
export function pageSessionStore(session: PageSession | null): StoreApi<SessionState> {
  return createStore<SessionState>()(() => ({
    ...SIGNED_OUT,
    ...(session ? { user: session.user, userType: session.userType, isAuthenticated: true } : {}),
    login: notInThePage,
    refresh: () => Promise.resolve(false),
    logout: notInThePage,
    setSession: () => undefined,
  }))
}

/**
 * Adopts the session a server-rendered page was rendered for (the cookie's): the same person as the
 * page shows, even if this browser's storage lost or never had it. Its access token comes with
 * the first renewal (the cookie).
 */
export function adoptPageSession(session: PageSession) {
  const current = browserSessionStore.getState()
  const same =
    current.isAuthenticated && current.userType === session.userType && current.user?.id === session.user.id
  browserSessionStore.setState({
    user: session.user,
    userType: session.userType,
    isAuthenticated: true,
    ...(same ? {} : { token: null, sessionExpiry: 0 }),
  })
}
