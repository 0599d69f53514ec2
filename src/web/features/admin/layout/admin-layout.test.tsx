import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '../../../lib/auth/session-store'
import { pageReply, stubApi } from '../../../test/api-stub'
import { renderRoute } from '../../../test/render-route'
import { ADMIN_USER, signInAsAdmin, signOut } from '../../../test/sessions'

const dashboard = { '/api/admin/stats': 'pending' as const, '/api/admin/reports': pageReply([]) }

beforeEach(() => signOut())

describe('Admin layout', () => {
  it('sends a visitor who is not signed in to /admin/login', async () => {
    stubApi({})
    const { router } = renderRoute('/admin/reports')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'))
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument()
  })

  it('sends a signed-in organisation to /admin/login', async () => {
    stubApi({})
    signInAsAdmin()
    useSessionStore.setState({ userType: 'organization' })
    const { router } = renderRoute('/admin/dashboard')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'))
  })

  it('sends an expired session that cannot be renewed to /admin/login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      'POST /api/auth/refresh': {
        status: 401,
        body: {
          error: { code: 'not_authenticated', message: 'Votre session a expiré. Veuillez vous reconnecter.' },
        },
      },
    })
    signInAsAdmin()
    useSessionStore.setState({ sessionExpiry: Date.now() - 1000 })
    localStorage.setItem('auth-storage', JSON.stringify({ state: useSessionStore.getState(), version: 0 }))
    const { router } = renderRoute('/admin/dashboard')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'))
  })

  it('shows the sidebar entries and the administrator, the index being the dashboard', async () => {
    stubApi(dashboard)
    signInAsAdmin()
    renderRoute('/admin')
    const nav = await screen.findByRole('navigation', { name: 'Panneau d’administration' })
    expect(within(nav).getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    )
    expect(within(nav).getByRole('link', { name: 'Signalements' })).toHaveAttribute('href', '/admin/reports')
    expect(within(nav).getByRole('link', { name: 'Organisations' })).toHaveAttribute(
      'href',
      '/admin/organizations',
    )
    expect(within(nav).getByRole('link', { name: 'Utilisateurs' })).toHaveAttribute('href', '/admin/users')
    expect(within(nav).getByRole('link', { name: 'Catégories' })).toHaveAttribute('href', '/admin/categories')
    expect(within(nav).getByRole('link', { name: 'Zones' })).toHaveAttribute('href', '/admin/zones')
    expect(screen.getByText('Admin : Awa Ndiaye')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeInTheDocument()
  })

  it('names the administrator by username when there is no name', async () => {
    stubApi(dashboard)
    signInAsAdmin({ ...ADMIN_USER, name: null, username: 'admin' })
    renderRoute('/admin/dashboard')
    expect(await screen.findByText('Admin : admin')).toBeInTheDocument()
  })

  it('logs out with its toast and goes back to /admin/login', async () => {
    const { calls } = stubApi({ ...dashboard, 'POST /api/auth/logout': { status: 204 } })
    signInAsAdmin()
    const { router } = renderRoute('/admin/dashboard')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Déconnexion' }))
    expect(await screen.findByText('Vous avez été déconnecté avec succès')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'))
    expect(useSessionStore.getState().isAuthenticated).toBe(false)
    expect(calls.some((call) => call.path === '/api/auth/logout')).toBe(true)
  })
})
