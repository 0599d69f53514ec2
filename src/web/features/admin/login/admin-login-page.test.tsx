import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '../../../../domain/auth'
import { useSessionStore } from '../../../lib/auth/session-store'
import { apiError, pageReply, stubApi } from '../../../test/api-stub'
import { renderRoute } from '../../../test/render-route'
import { ADMIN_USER, signOut } from '../../../test/sessions'

const session = (user = ADMIN_USER): { status: number; body: Session } => ({
  status: 200,
  body: { user, userType: 'admin', token: 'jwt', expiresIn: 900 },
})

// What the dashboard asks once the login succeeded.
const dashboard = {
  '/api/admin/stats': 'pending' as const,
  '/api/admin/reports': pageReply([]),
}

async function fillAndSubmit(username = 'awa.ndiaye', password = 'secret') {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Nom d’utilisateur'), username)
  await user.type(screen.getByLabelText('Mot de passe'), password)
  await user.click(screen.getByRole('button', { name: 'Se connecter' }))
  return user
}

beforeEach(() => {
  signOut()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('Admin login', () => {
  it('shows its title, subtitle, fields and button, and sets its page metadata', async () => {
    stubApi({})
    renderRoute('/admin/login')
    expect(await screen.findByRole('heading', { name: 'Administration', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Connectez-vous pour accéder au panel d’administration')).toBeInTheDocument()
    expect(screen.getByLabelText('Nom d’utilisateur')).toHaveAttribute('autocomplete', 'username')
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('type', 'password')
    // Enabled, and the title set, by effects once the page is shown: on a busy machine, a moment
    // after its heading.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled())
    await waitFor(() => expect(document.title).toBe('Connexion administration | Alertes urbaines'))
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  })

  it('requires both fields, with the messages of SPEC.md, and sends nothing', async () => {
    const { fetchMock } = stubApi({})
    renderRoute('/admin/login')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByText('Nom d’utilisateur requis')).toBeInTheDocument()
    expect(screen.getByText('Mot de passe requis')).toBeInTheDocument()
    expect(screen.getByLabelText('Nom d’utilisateur')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows and hides the password', async () => {
    stubApi({})
    renderRoute('/admin/login')
    const user = userEvent.setup()
    const password = await screen.findByLabelText('Mot de passe')
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('says "Connexion..." and disables the button while it signs in', async () => {
    stubApi({ 'POST /api/auth/login': 'pending' })
    renderRoute('/admin/login')
    await fillAndSubmit()
    expect(await screen.findByRole('button', { name: 'Connexion...' })).toBeDisabled()
  })

  it('welcomes the administrator by name and goes to the dashboard', async () => {
    const { calls } = stubApi({ 'POST /api/auth/login': session(), ...dashboard })
    const { router } = renderRoute('/admin/login')
    await fillAndSubmit('  awa.ndiaye ', 'secret')
    expect(await screen.findByText('Connexion réussie')).toBeInTheDocument()
    expect(screen.getByText('Bienvenue Awa Ndiaye (Super Admin)')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'))
    expect(calls[0]?.body).toEqual({ userType: 'admin', username: 'awa.ndiaye', password: 'secret' })
    expect(useSessionStore.getState()).toMatchObject({ isAuthenticated: true, userType: 'admin' })
  })

  it('welcomes by username when the administrator has no name', async () => {
    stubApi({
      'POST /api/auth/login': session({ ...ADMIN_USER, name: null, username: 'admin' }),
      ...dashboard,
    })
    renderRoute('/admin/login')
    await fillAndSubmit('admin')
    expect(await screen.findByText('Bienvenue admin (Super Admin)')).toBeInTheDocument()
  })

  it('says so on wrong credentials, and stays on the page', async () => {
    stubApi({
      'POST /api/auth/login': apiError(
        401,
        'not_authenticated',
        'Nom d’utilisateur ou mot de passe incorrect',
      ),
    })
    const { router } = renderRoute('/admin/login')
    await fillAndSubmit()
    expect(await screen.findByText('Erreur de connexion')).toBeInTheDocument()
    expect(screen.getByText('Nom d’utilisateur ou mot de passe incorrect')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/login')
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled()
  })

  it('shows the server’s text after too many attempts', async () => {
    stubApi({
      'POST /api/auth/login': apiError(
        429,
        'too_many_requests',
        'Trop de tentatives de connexion. Réessayez dans 15 minutes.',
      ),
    })
    renderRoute('/admin/login')
    await fillAndSubmit()
    expect(
      await screen.findByText('Trop de tentatives de connexion. Réessayez dans 15 minutes.'),
    ).toBeInTheDocument()
  })

  it('shows the generic error on any other failure', async () => {
    stubApi({ 'POST /api/auth/login': apiError(500, 'internal', 'Une erreur interne est survenue.') })
    renderRoute('/admin/login')
    await fillAndSubmit()
    expect(await screen.findByText('Une erreur est survenue lors de la connexion')).toBeInTheDocument()
    expect(screen.getByText('Erreur')).toBeInTheDocument()
  })
})
