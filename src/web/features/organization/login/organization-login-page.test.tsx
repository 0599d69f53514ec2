import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, stubApi } from '../../../test/api-stub'
import { stubEventSource } from '../../../test/event-source'
import { ORGANIZATION_STATS, organizationProfile } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import { organizationSession, signInOrganization, signOut } from '../../../test/sessions'

beforeEach(() => {
  signOut()
  stubEventSource()
})

const dashboardApi = {
  'GET /api/org/me': { status: 200, body: organizationProfile() },
  'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
}

describe('Organisation login (/organization/login)', () => {
  it('shows the title, the two tabs and the way to the sign-up wizard', async () => {
    stubApi({})
    const user = userEvent.setup()
    renderRoute('/organization/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Espace Organisation' })).toBeInTheDocument()
    expect(document.title).toBe('Connexion | Espace Organisation')
    expect(screen.getByRole('tab', { name: 'Connexion' })).toHaveAttribute('aria-selected', 'true')
    await user.click(screen.getByRole('tab', { name: 'Inscription' }))
    expect(screen.getByRole('link', { name: 'Inscrire mon organisation' })).toHaveAttribute(
      'href',
      '/organization/signup',
    )
  })

  it('asks for the email and the password before calling the server', async () => {
    const api = stubApi({})
    const user = userEvent.setup()
    renderRoute('/organization/login')
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByText('Email requis')).toBeInTheDocument()
    expect(screen.getByText('Mot de passe requis')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(api.calls).toHaveLength(0)
  })

  it('shows and hides the password', async () => {
    stubApi({})
    const user = userEvent.setup()
    renderRoute('/organization/login')
    const password = await screen.findByLabelText('Mot de passe')
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('shows "Connexion..." while busy, then the server’s text when the account is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let answer: (reply: Response) => void = () => {}
    const api = stubApi({})
    api.fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve
        }),
    )
    const user = userEvent.setup()
    renderRoute('/organization/login')
    await user.type(await screen.findByLabelText('Email'), 'contact@mairie-medina.sn')
    await user.type(screen.getByLabelText('Mot de passe'), 'mauvais')
    await user.click(screen.getByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByRole('button', { name: 'Connexion...' })).toBeDisabled()
    answer(
      new Response(
        JSON.stringify({
          error: {
            code: 'not_authenticated',
            message: 'Email ou mot de passe incorrect, ou compte non approuvé',
          },
        }),
        { status: 401, headers: { 'content-type': 'application/json' } },
      ),
    )
    // Said once, in the alert above the form.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email ou mot de passe incorrect, ou compte non approuvé',
    )
    expect(screen.getAllByText('Email ou mot de passe incorrect, ou compte non approuvé')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled()
    expect(api.fetchMock).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({
          userType: 'organization',
          email: 'contact@mairie-medina.sn',
          password: 'mauvais',
        }),
      }),
    )
  })

  it('shows the French 429 message after too many attempts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      'POST /api/auth/login': apiError(
        429,
        'too_many_requests',
        'Trop de tentatives de connexion. Réessayez dans 15 minutes.',
      ),
    })
    const user = userEvent.setup()
    renderRoute('/organization/login')
    await user.type(await screen.findByLabelText('Email'), 'contact@mairie-medina.sn')
    await user.type(screen.getByLabelText('Mot de passe'), 'x')
    await user.click(screen.getByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trop de tentatives de connexion. Réessayez dans 15 minutes.',
    )
    expect(screen.getAllByText('Trop de tentatives de connexion. Réessayez dans 15 minutes.')).toHaveLength(1)
  })

  it('opens the session, says "Connexion réussie" and goes to the dashboard', async () => {
    stubApi({
      'POST /api/auth/login': { status: 200, body: organizationSession() },
      ...dashboardApi,
    })
    const user = userEvent.setup()
    const { router } = renderRoute('/organization/login')
    await user.type(await screen.findByLabelText('Email'), 'contact@mairie-medina.sn')
    await user.type(screen.getByLabelText('Mot de passe'), 'medina2026')
    await user.click(screen.getByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByText('Connexion réussie')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization'))
    expect(await screen.findByRole('heading', { name: 'Bienvenue, Mairie de la Médina' })).toBeInTheDocument()
  })

  it('sends a signed-in organisation straight to its dashboard', async () => {
    stubApi(dashboardApi)
    signInOrganization()
    const { router } = renderRoute('/organization/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization'))
  })
})
