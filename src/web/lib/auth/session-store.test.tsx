import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, stubApi } from '../../test/api-stub'
import { ADMIN_USER, organizationSession, signOut } from '../../test/sessions'
import { authRequest } from './auth-request'
import {
  adoptPageSession,
  LEGACY_SESSION_KEYS,
  pageSessionStore,
  SessionStoreContext,
  useSessionStore,
} from './session-store'

const session = (token: string) => organizationSession({ token })

/** A part of a signed-in page that names who it is for. */
function Greeting() {
  const name = useSessionStore((state) => (state.isAuthenticated ? state.user?.name : 'personne'))
  return <p>{name}</p>
}

beforeEach(() => {
  localStorage.clear()
  signOut()
})
afterEach(() => vi.unstubAllGlobals())

describe('session store', () => {
  it('keeps the session after a login, persisted under auth-storage', async () => {
    stubApi({ 'POST /api/auth/login': { status: 200, body: session('t1') } })
    const result = await useSessionStore
      .getState()
      .login({ userType: 'organization', email: 'm@example.sn', password: 'x' })
    expect(result.ok).toBe(true)
    const state = useSessionStore.getState()
    expect(state).toMatchObject({ isAuthenticated: true, userType: 'organization', token: 't1' })
    expect(state.sessionExpiry).toBeGreaterThan(Date.now() + 14 * 60 * 1000)
    expect(JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state.token).toBe('t1')
  })

  it('stays signed out with the server’s French message when the login fails, with no error in the console', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    stubApi({
      'POST /api/auth/login': apiError(
        401,
        'not_authenticated',
        'Email ou mot de passe incorrect, ou compte non approuvé',
      ),
    })
    const result = await useSessionStore
      .getState()
      .login({ userType: 'organization', email: 'x@example.sn', password: 'x' })
    expect(result).toEqual({ ok: false, message: 'Email ou mot de passe incorrect, ou compte non approuvé' })
    expect(useSessionStore.getState()).toMatchObject({ isAuthenticated: false, isLoading: false })
    // A wrong password is an answer, not a failure of the app.
    expect(errors).not.toHaveBeenCalled()
  })

  it('logs a login that fails for want of a server as an error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({ 'POST /api/auth/login': 'offline' })
    const result = await useSessionStore
      .getState()
      .login({ userType: 'organization', email: 'x@example.sn', password: 'x' })
    expect(result.ok).toBe(false)
    expect(errors).toHaveBeenCalledWith('login failed', expect.objectContaining({ code: 'network_error' }))
  })

  it('renews an expired access token once and replays the call', async () => {
    useSessionStore.getState().setSession(session('old'))
    stubApi({
      'POST /api/auth/refresh': { status: 200, body: session('new') },
      'GET /api/org/me': ({ authorization }) =>
        authorization === 'Bearer new'
          ? { status: 200, body: { ok: true } }
          : apiError(401, 'not_authenticated', 'Non authentifié'),
    })
    expect(await authRequest('/api/org/me')).toEqual({ ok: true })
    expect(useSessionStore.getState().token).toBe('new')
  })

  it('signs out when the session cannot be renewed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    useSessionStore.getState().setSession(session('old'))
    stubApi({
      'GET /api/org/me': apiError(401, 'not_authenticated', 'Votre session a expiré.'),
      'POST /api/auth/refresh': apiError(401, 'not_authenticated', 'Votre session a expiré.'),
    })
    await expect(authRequest('/api/org/me')).rejects.toMatchObject({ status: 401 })
    expect(useSessionStore.getState().isAuthenticated).toBe(false)
  })

  it('clears everything on logout, legacy sessions included, and revokes the refresh token', async () => {
    useSessionStore.getState().setSession(session('t'))
    for (const key of LEGACY_SESSION_KEYS) localStorage.setItem(key, '{"id":"old"}')
    const { callsTo } = stubApi({ 'POST /api/auth/logout': { status: 204 } })
    await useSessionStore.getState().logout()
    expect(useSessionStore.getState()).toMatchObject({
      isAuthenticated: false,
      token: null,
      user: null,
    })
    for (const key of LEGACY_SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull()
    // The server revokes the cookie's refresh token and clears the cookie: the page holds none.
    const [logout] = callsTo('POST', '/api/auth/logout')
    expect(logout?.body).toEqual({})
    expect(logout?.headers.get('x-alertes-web')).toBe('1')
  })

  it('keeps the session when the renewal fails for want of network', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    useSessionStore.getState().setSession(session('old'))
    stubApi({ 'POST /api/auth/refresh': 'offline' })
    expect(await useSessionStore.getState().refresh()).toBe(false)
    expect(useSessionStore.getState()).toMatchObject({ isAuthenticated: true, token: 'old' })
  })

  it('adopts a session another tab already renewed instead of spending its token twice', async () => {
    useSessionStore.getState().setSession(session('old'))
    // Another tab renewed meanwhile and stored the new pair.
    const stored = JSON.parse(localStorage.getItem('auth-storage') ?? '{}')
    stored.state = {
      ...stored.state,
      token: 'from-other-tab',
      sessionExpiry: Date.now() + 900_000,
    }
    localStorage.setItem('auth-storage', JSON.stringify(stored))
    const { fetchMock } = stubApi({
      'POST /api/auth/refresh': { status: 200, body: session('never') },
    })
    expect(await useSessionStore.getState().refresh()).toBe(true)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(useSessionStore.getState()).toMatchObject({ token: 'from-other-tab' })
  })

  it('follows a login or a logout made in another tab', async () => {
    useSessionStore.getState().setSession(session('t'))
    const stored = localStorage.getItem('auth-storage')
    const signedOutValue = JSON.stringify({
      state: {
        user: null,
        userType: null,
        token: null,
        refreshToken: null,
        isAuthenticated: false,
        sessionExpiry: null,
      },
      version: 0,
    })
    localStorage.setItem('auth-storage', signedOutValue)
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'auth-storage',
        newValue: signedOutValue,
        storageArea: localStorage,
      }),
    )
    await vi.waitFor(() => expect(useSessionStore.getState().isAuthenticated).toBe(false))
    localStorage.setItem('auth-storage', stored ?? '')
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'auth-storage', newValue: stored, storageArea: localStorage }),
    )
    await vi.waitFor(() =>
      expect(useSessionStore.getState()).toMatchObject({ isAuthenticated: true, token: 't' }),
    )
  })

  it('drops the sessions of the earlier version when the store starts', async () => {
    for (const key of LEGACY_SESSION_KEYS)
      localStorage.setItem(key, '{"organization":{"id":"old"},"timestamp":1}')
    await useSessionStore.persist.rehydrate()
    for (const key of LEGACY_SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull()
    expect(useSessionStore.getState().isAuthenticated).toBe(false)
  })

  it('hydrates a page server-rendered for the cookie’s session signed in, not signed out', async () => {
    const page = { userType: 'admin' as const, user: ADMIN_USER }
    // As the server renders it: for the cookie's session, with the page request's own store.
    const container = document.createElement('div')
    container.innerHTML = renderToString(
      <SessionStoreContext.Provider value={pageSessionStore(page)}>
        <Greeting />
      </SessionStoreContext.Provider>,
    )
    expect(container.textContent).toBe(ADMIN_USER.name)
    // As the browser takes it over: the page's session adopted, then hydrated.
    adoptPageSession(page)
    const mismatches: unknown[] = []
    const root = hydrateRoot(container, <Greeting />, {
      onRecoverableError: (error) => mismatches.push(error),
    })
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(mismatches).toEqual([])
    expect(container.textContent).toBe(ADMIN_USER.name)
    root.unmount()
  })
})
