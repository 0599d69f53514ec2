import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminUser } from '../../../../domain/admin'
import { useSessionStore } from '../../../lib/auth/session-store'
import { apiError, stubApi } from '../../../test/api-stub'
import { renderRoute } from '../../../test/render-route'
import { ADMIN_USER, signInAsAdmin } from '../../../test/sessions'

const user = (overrides: Partial<AdminUser>): AdminUser => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Awa Ndiaye',
  email: 'awa@dakar.sn',
  username: 'awa.ndiaye',
  status: 'active',
  created_at: '2026-01-01T00:00:00Z',
  last_login: '2026-11-20T08:00:00Z',
  ...overrides,
})
const awa = user({})
const moussa = user({
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Moussa Diop',
  email: 'moussa@dakar.sn',
  username: 'moussa',
  last_login: null,
})
const former = user({
  id: '00000000-0000-4000-8000-0000000000a3',
  name: 'Fatou Sow',
  email: 'fatou@dakar.sn',
  username: 'fatou',
  status: 'inactive',
})
const users = { status: 200, body: { items: [awa, moussa, former], counts: { total: 3, active: 2 } } }

beforeEach(() => signInAsAdmin())

describe('Admin super administrators', () => {
  it('shows the counts and the active administrators, "Jamais connecté" for who never logged in', async () => {
    stubApi({ '/api/admin/users': users })
    renderRoute('/admin/users')
    expect(await screen.findByRole('heading', { name: 'Super Administrateurs' })).toBeInTheDocument()
    expect(
      await within(screen.getByRole('region', { name: 'Super admins actifs' })).findByText('2'),
    ).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Total utilisateurs' })).getByText('3'),
    ).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Liste des super administrateurs' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('Awa Ndiaye')
    expect(rows[0]).toHaveTextContent('20 novembre 2026')
    expect(within(rows[0] as HTMLElement).getByText('Actif')).toBeInTheDocument()
    expect(rows[1]).toHaveTextContent('Jamais connecté')
    expect(screen.queryByText('Fatou Sow')).not.toBeInTheDocument()
  })

  it('searches by name, email or username, and finds the deactivated ones with the filter', async () => {
    stubApi({ '/api/admin/users': users })
    renderRoute('/admin/users')
    const u = userEvent.setup()
    await screen.findByText('Awa Ndiaye')
    await u.type(screen.getByLabelText('Rechercher'), 'MOUSSA@')
    expect(screen.queryByText('Awa Ndiaye')).not.toBeInTheDocument()
    expect(screen.getByText('Moussa Diop')).toBeInTheDocument()
    await u.clear(screen.getByLabelText('Rechercher'))
    await u.type(screen.getByLabelText('Rechercher'), 'fatou')
    expect(screen.getByText('Aucun super administrateur actif trouvé')).toBeInTheDocument()
    await u.selectOptions(screen.getByLabelText('Statut'), 'inactive')
    expect(screen.getByText('Fatou Sow')).toBeInTheDocument()
    expect(screen.getByText('Inactif')).toBeInTheDocument()
  })

  it('creates a super administrator, showing the server’s reason under the field it concerns', async () => {
    let attempts = 0
    const { calls } = stubApi({
      '/api/admin/users': users,
      'POST /api/admin/users': () => {
        attempts += 1
        return attempts === 1
          ? apiError(409, 'conflict', 'Ce nom d’utilisateur est déjà utilisé.', 'username')
          : { status: 201, body: user({ id: 'new', name: 'Ibrahima Fall', username: 'ibou' }) }
      },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/admin/users')
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Nouvel utilisateur' }))
    const dialog = await screen.findByRole('dialog', { name: 'Créer un nouvel utilisateur' })
    const type = within(dialog).getByLabelText('Type d’utilisateur')
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Super administrateur'])

    await u.click(within(dialog).getByRole('button', { name: 'Créer' }))
    expect(await within(dialog).findByText('Le nom est requis')).toBeInTheDocument()
    expect(within(dialog).getByText('Le mot de passe doit faire au moins 6 caractères')).toBeInTheDocument()

    await u.type(within(dialog).getByLabelText('Nom complet'), 'Ibrahima Fall')
    await u.type(within(dialog).getByLabelText('Email'), 'ibou@dakar.sn')
    await u.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'moussa')
    await u.type(within(dialog).getByLabelText('Mot de passe'), 'secret-ibou')
    await u.click(within(dialog).getByRole('button', { name: 'Créer' }))
    expect(await within(dialog).findByText('Ce nom d’utilisateur est déjà utilisé.')).toBeInTheDocument()
    expect(await screen.findByText('Impossible de créer l’utilisateur')).toBeInTheDocument()

    await u.clear(within(dialog).getByLabelText('Nom d’utilisateur'))
    await u.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'ibou')
    await u.click(within(dialog).getByRole('button', { name: 'Créer' }))
    expect(await screen.findByText('Utilisateur créé')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      name: 'Ibrahima Fall',
      email: 'ibou@dakar.sn',
      username: 'ibou',
      password: 'secret-ibou',
    })
  })

  it('edits an administrator, sending only what changed, and shows why the last one cannot be deactivated', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { calls } = stubApi({
      '/api/admin/users': users,
      [`PATCH /api/admin/users/${moussa.id}`]: (call) =>
        (call.body as { status?: string }).status === 'inactive'
          ? apiError(409, 'conflict', 'Impossible de désactiver le dernier super administrateur actif.')
          : { status: 200, body: { ...moussa, ...(call.body as object) } },
    })
    renderRoute('/admin/users')
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Modifier Moussa Diop' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’utilisateur' })
    expect(within(dialog).getByLabelText('Nom complet')).toHaveValue('Moussa Diop')
    expect(within(dialog).getByLabelText('Compte actif')).toBeChecked()

    await u.click(within(dialog).getByLabelText('Compte actif'))
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(
      await screen.findByText('Impossible de désactiver le dernier super administrateur actif.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()

    await u.click(within(dialog).getByLabelText('Compte actif'))
    await u.clear(within(dialog).getByLabelText('Nom complet'))
    await u.type(within(dialog).getByLabelText('Nom complet'), 'Moussa Diop Fall')
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Utilisateur modifié')).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ name: 'Moussa Diop Fall' })
  })

  it('shows the new name in the sidebar as soon as administrators rename their own account', async () => {
    signInAsAdmin({ ...ADMIN_USER, id: awa.id })
    stubApi({
      '/api/admin/users': users,
      [`PATCH /api/admin/users/${awa.id}`]: (call) => ({
        status: 200,
        body: { ...awa, ...(call.body as object) },
      }),
    })
    renderRoute('/admin/users')
    const u = userEvent.setup()
    expect(await screen.findByText('Admin : Awa Ndiaye')).toBeInTheDocument()
    await u.click(await screen.findByRole('button', { name: 'Modifier Awa Ndiaye' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’utilisateur' })
    await u.clear(within(dialog).getByLabelText('Nom complet'))
    await u.type(within(dialog).getByLabelText('Nom complet'), 'Awa Ndiaye Sarr')
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Admin : Awa Ndiaye Sarr')).toBeInTheDocument()
    expect(useSessionStore.getState().user).toMatchObject({ id: awa.id, name: 'Awa Ndiaye Sarr' })
  })

  it('asks administrators for their current password when they change their own username, and shows the server’s text there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    signInAsAdmin({ ...ADMIN_USER, id: awa.id })
    const { calls } = stubApi({
      '/api/admin/users': users,
      [`PATCH /api/admin/users/${awa.id}`]: (call) =>
        (call.body as { currentPassword?: string }).currentPassword === 'awa-pass-2026'
          ? { status: 200, body: { ...awa, username: 'awa.sarr' } }
          : apiError(400, 'invalid_input', 'Le mot de passe actuel est incorrect.', 'currentPassword'),
    })
    renderRoute('/admin/users')
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Modifier Awa Ndiaye' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’utilisateur' })
    expect(within(dialog).queryByLabelText('Votre mot de passe actuel')).not.toBeInTheDocument()
    await u.clear(within(dialog).getByLabelText('Nom d’utilisateur'))
    await u.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'awa.sarr')
    const password = within(dialog).getByLabelText('Votre mot de passe actuel')
    await u.type(password, 'devine')
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await within(dialog).findByText('Le mot de passe actuel est incorrect.')).toBeInTheDocument()
    expect(password).toHaveAttribute('aria-invalid', 'true')
    await u.clear(password)
    await u.type(password, 'awa-pass-2026')
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Utilisateur modifié')).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
      username: 'awa.sarr',
      currentPassword: 'awa-pass-2026',
    })
  })

  it('asks no password of theirs when administrators change another one’s username', async () => {
    signInAsAdmin({ ...ADMIN_USER, id: awa.id })
    stubApi({ '/api/admin/users': users })
    renderRoute('/admin/users')
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Modifier Moussa Diop' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’utilisateur' })
    await u.type(within(dialog).getByLabelText('Nom d’utilisateur'), '.diop')
    expect(within(dialog).queryByLabelText('Votre mot de passe actuel')).not.toBeInTheDocument()
  })

  it('does not let administrators deactivate their own account, and says why', async () => {
    signInAsAdmin({ ...ADMIN_USER, id: awa.id })
    stubApi({ '/api/admin/users': users })
    renderRoute('/admin/users')
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Modifier Awa Ndiaye' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’utilisateur' })
    const active = within(dialog).getByLabelText('Compte actif')
    expect(active).toBeDisabled()
    expect(active).toHaveAccessibleDescription(
      'Vous ne pouvez pas désactiver votre propre compte\u202f: demandez-le à un autre super administrateur.',
    )
  })

  it('says when the administrators cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({ '/api/admin/users': apiError(500, 'internal', 'Une erreur interne est survenue.') })
    renderRoute('/admin/users')
    expect(await screen.findByText('Impossible de charger les utilisateurs')).toBeInTheDocument()
  })
})
