import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LEGACY_SESSION_KEYS, useSessionStore } from '../../../lib/auth/session-store'
import { apiError, stubApi } from '../../../test/api-stub'
import { FakeEventSource, liveStreamTickets, stubEventSource } from '../../../test/event-source'
import { fakePushBrowser, forgetFakePushBrowser, PUSH_ENDPOINT } from '../../../test/fake-push-browser'
import { ORGANIZATION_STATS, organizationProfile } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import { organizationSession, signInOrganization, signOut } from '../../../test/sessions'

const dashboardApi = {
  'GET /api/org/me': { status: 200, body: organizationProfile() },
  'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
}

beforeEach(() => {
  signOut()
  stubEventSource()
})

describe('Organisation shell (/organization)', () => {
  it('sends a visitor who is not signed in to the login page', async () => {
    stubApi({})
    const { router } = renderRoute('/organization/available-reports')
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/login'))
    expect(await screen.findByRole('heading', { name: 'Espace Organisation' })).toBeInTheDocument()
  })

  it('sends a signed-in administrator to the organisation login page', async () => {
    stubApi({})
    useSessionStore.getState().setSession({ ...organizationSession(), userType: 'admin' })
    const { router } = renderRoute('/organization')
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/login'))
  })

  it('renews a stored session whose access token expired, and shows the area', async () => {
    const api = stubApi({
      'POST /api/auth/refresh': {
        status: 200,
        body: organizationSession({ token: 'access-2' }),
      },
      ...dashboardApi,
    })
    signInOrganization()
    useSessionStore.setState({ sessionExpiry: Date.now() - 1000 })
    renderRoute('/organization')
    expect(await screen.findByRole('heading', { name: 'Bienvenue, Mairie de la Médina' })).toBeInTheDocument()
    // The refresh token is the cookie's: the browser sends it, the page never holds it.
    expect(api.callsTo('POST', '/api/auth/refresh')[0]?.body).toEqual({})
    // The heading comes from the session; the statistics request may still be on its way.
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/org/stats')[0]?.authorization).toBe('Bearer access-2'),
    )
  })

  it('goes to the login page when a stored session can no longer be renewed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      'POST /api/auth/refresh': apiError(
        401,
        'not_authenticated',
        'Votre session a expiré. Veuillez vous reconnecter.',
      ),
    })
    signInOrganization()
    useSessionStore.setState({ sessionExpiry: Date.now() - 1000 })
    const { router } = renderRoute('/organization')
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/login'))
    expect(useSessionStore.getState().isAuthenticated).toBe(false)
  })

  it('shows the sidebar, the header and the organisation’s name, and listens to live events with its token', async () => {
    const api = stubApi({ ...dashboardApi, ...liveStreamTickets() })
    signInOrganization()
    renderRoute('/organization')
    await screen.findByRole('heading', { name: 'Bienvenue, Mairie de la Médina' })
    const nav = screen.getByRole('navigation', { name: 'Espace Organisation' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Tableau de bord', '/organization'],
      ['Ma tournée', '/organization/tournee'],
      ['Signalements disponibles', '/organization/available-reports'],
      ['Mes signalements', '/organization/managed-reports'],
      ['Notifications', '/organization/notifications'],
      ['Équipe', '/organization/equipe'],
      ['Paramètres', '/organization/settings'],
    ])
    expect(within(nav).getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('banner')).toHaveTextContent('Espace Organisation')
    expect(screen.getByText('Mairie de la Médina')).toBeInTheDocument()
    await waitFor(() =>
      expect(FakeEventSource.open().map((source) => source.url)).toEqual(['/api/events?ticket=ticket-1']),
    )
    expect(api.callsTo('POST', '/api/events/ticket')[0]?.authorization).toBe('Bearer access-1')
  })

  it('logs out: toast "Déconnexion", the session and legacy keys cleared, the refresh token revoked', async () => {
    const api = stubApi({ ...dashboardApi, ...liveStreamTickets(), 'POST /api/auth/logout': { status: 204 } })
    signInOrganization()
    for (const key of LEGACY_SESSION_KEYS) localStorage.setItem(key, '{"id":"ancien"}')
    const user = userEvent.setup()
    const { router } = renderRoute('/organization/dashboard')
    await screen.findByRole('heading', { name: 'Bienvenue, Mairie de la Médina' })
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/login'))
    expect(await screen.findByText('Déconnexion', { selector: '[data-title]' })).toBeInTheDocument()
    expect(useSessionStore.getState()).toMatchObject({ isAuthenticated: false, token: null, user: null })
    for (const key of LEGACY_SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull()
    expect(api.callsTo('POST', '/api/auth/logout')[0]?.body).toEqual({})
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(0))
  })

  it('at logout, has the server forget this phone’s notifications for the member, while the session still holds', async () => {
    fakePushBrowser({ permission: 'granted', subscribed: true })
    try {
      const api = stubApi({
        ...dashboardApi,
        'DELETE /api/org/push': { status: 204 },
        'POST /api/auth/logout': { status: 204 },
      })
      signInOrganization()
      const user = userEvent.setup()
      const { router } = renderRoute('/organization/dashboard')
      await screen.findByRole('heading', { name: 'Bienvenue, Mairie de la Médina' })
      await user.click(screen.getByRole('button', { name: 'Déconnexion' }))
      await waitFor(() => expect(router.state.location.pathname).toBe('/organization/login'))
      const forgotten = api.callsTo('DELETE', '/api/org/push')
      expect(forgotten.map((call) => call.body)).toEqual([{ endpoint: PUSH_ENDPOINT }])
      expect(forgotten[0]?.headers.get('authorization')).toBe('Bearer access-1')
    } finally {
      forgetFakePushBrowser()
    }
  })

  it('renews the access token 2 minutes before it expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const api = stubApi({
        ...dashboardApi,
        'POST /api/auth/refresh': {
          status: 200,
          body: organizationSession({ token: 'access-2' }),
        },
        ...liveStreamTickets(),
      })
      signInOrganization()
      renderRoute('/organization')
      await screen.findByRole('heading', { name: 'Bienvenue, Mairie de la Médina' })
      await vi.advanceTimersByTimeAsync(12 * 60 * 1000 + 30_000)
      expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0)
      await vi.advanceTimersByTimeAsync(31_000)
      await waitFor(() => expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1))
      expect(useSessionStore.getState().token).toBe('access-2')
      // The live events stream follows the new token: a new one, with a ticket asked with it.
      await waitFor(() =>
        expect(FakeEventSource.open().map((source) => source.url)).toEqual(['/api/events?ticket=ticket-2']),
      )
      expect(api.callsTo('POST', '/api/events/ticket').map((call) => call.authorization)).toEqual([
        'Bearer access-1',
        'Bearer access-2',
      ])
    } finally {
      vi.useRealTimers()
    }
  })
})
