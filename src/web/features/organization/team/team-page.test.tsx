import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Member } from '../../../../domain/team'
import { type Answer, apiError, type Reply, stubApi } from '../../../test/api-stub'
import { organizationProfile } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import {
  ORGANIZATION_USER,
  organizationSession,
  RESPONSABLE,
  signInOrganization,
} from '../../../test/sessions'

const awa: Member = { ...RESPONSABLE, status: 'active', last_login: '2026-11-20T08:00:00.000Z' }
const moussa: Member = {
  id: '0b6a1f7e-6a3c-4c1e-9d2a-0000000000a2',
  name: 'Moussa Diop',
  email: 'moussa.diop@mairie-medina.sn',
  role: 'agent',
  status: 'active',
  last_login: '2026-11-25T10:00:00.000Z',
}
const fatou: Member = {
  id: '0b6a1f7e-6a3c-4c1e-9d2a-0000000000a3',
  name: 'Fatou Sow',
  email: 'fatou.sow@mairie-medina.sn',
  role: 'agent',
  status: 'invited',
  last_login: null,
}
const team = { status: 200, body: { items: [awa, moussa, fatou] } }
const LINK = 'http://localhost/organization/invitation/Zm9vYmFyYmF6cXV4cXV1eHh5enp5eHh5enp5eHh5enp5'
const PASSWORD = 'medina2026'
const WRONG_PASSWORD = apiError(
  400,
  'invalid_input',
  'Le mot de passe actuel est incorrect.',
  'currentPassword',
  'auth.wrongCurrentPassword',
)
/** The server's answer: the one password it takes, or the refusal of any other. */
const withPassword =
  (answer: Reply): Answer =>
  ({ body }) =>
    (body as { currentPassword?: string }).currentPassword === PASSWORD ? answer : WRONG_PASSWORD

beforeEach(() => signInOrganization())
afterEach(() => {
  Reflect.deleteProperty(navigator, 'share')
})

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) })

/** Types the responsable's password in the dialog that asks for it, and confirms. */
async function confirmPassword(user: ReturnType<typeof userEvent.setup>, password = PASSWORD) {
  const dialog = await screen.findByRole('dialog', { name: 'Votre mot de passe' })
  await user.type(within(dialog).getByLabelText('Mot de passe'), password)
  await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }))
}

/**
 * Every text the page ever rendered, even for a moment: the nodes added to it, read from the records
 * of a MutationObserver, which keep a node that was added and then removed.
 */
function recordRenderedTexts() {
  const rendered: string[] = []
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) rendered.push(node.textContent ?? '')
  })
  observer.observe(document.body, { childList: true, subtree: true })
  return () => {
    for (const record of observer.takeRecords())
      for (const node of record.addedNodes) rendered.push(node.textContent ?? '')
    observer.disconnect()
    return rendered.join('\n')
  }
}

describe('Équipe (/organization/equipe)', () => {
  it('lists the members with role, status and last login; the responsable’s own row has no actions', async () => {
    stubApi({ '/api/org/members': team, '/api/org/me': { status: 200, body: organizationProfile() } })
    renderRoute('/organization/equipe')
    expect(await screen.findByRole('heading', { name: 'Équipe' })).toBeInTheDocument()
    await screen.findByRole('table', { name: 'Membres de l’organisation' })
    expect(rowOf('Awa Ndiaye')).toHaveTextContent('Awa Ndiaye (vous)')
    expect(within(rowOf('Awa Ndiaye')).queryByRole('button')).not.toBeInTheDocument()
    expect(rowOf('Moussa Diop')).toHaveTextContent('AgentActif')
    expect(rowOf('Fatou Sow')).toHaveTextContent('Invité')
    expect(rowOf('Fatou Sow')).toHaveTextContent('Jamais')
    expect(within(rowOf('Fatou Sow')).getByRole('button', { name: 'Nouveau lien' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Équipe' })).toHaveAttribute('href', '/organization/equipe')
  })

  it('invites a member and hands over the link: copied, or shared through the phone', async () => {
    const share = vi.fn(async () => {})
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    const api = stubApi({
      '/api/org/members': team,
      'POST /api/org/members': withPassword({
        status: 201,
        body: { member: fatou, invitation: { url: LINK, expires_at: '2026-12-05T10:00:00.000Z' } },
      }),
    })
    // The test's user has its own clipboard (user-event's), read back below.
    const user = userEvent.setup()
    renderRoute('/organization/equipe')
    await user.click(await screen.findByRole('button', { name: 'Inviter un membre' }))
    const form = await screen.findByRole('dialog', { name: 'Inviter un membre' })
    await user.type(within(form).getByLabelText('Nom'), 'Fatou Sow')
    await user.type(within(form).getByLabelText('Email'), 'fatou.sow@mairie-medina.sn')
    await user.click(within(form).getByRole('button', { name: 'Créer l’invitation' }))
    await confirmPassword(user)

    expect(await screen.findByDisplayValue(LINK)).toBeInTheDocument()
    const dialog = screen.getByRole('dialog', { name: 'Inviter un membre' })
    expect(api.callsTo('POST', '/api/org/members')[0]?.body).toEqual({
      name: 'Fatou Sow',
      email: 'fatou.sow@mairie-medina.sn',
      role: 'agent',
      currentPassword: PASSWORD,
    })
    expect(dialog).toHaveTextContent('jusqu’au 5 décembre 2026')
    await user.click(within(dialog).getByRole('button', { name: 'Copier le lien' }))
    expect(await screen.findByText('Lien copié')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(LINK)
    await user.click(within(dialog).getByRole('button', { name: 'Partager' }))
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK }))
  })

  it('shows the server’s refusal of an e-mail next to the field, and invites nobody', async () => {
    stubApi({
      '/api/org/members': team,
      'POST /api/org/members': apiError(
        409,
        'conflict',
        'Cette adresse est déjà celle d’un membre de votre équipe.',
        'email',
      ),
    })
    const user = userEvent.setup()
    renderRoute('/organization/equipe')
    await user.click(await screen.findByRole('button', { name: 'Inviter un membre' }))
    const dialog = await screen.findByRole('dialog', { name: 'Inviter un membre' })
    await user.type(within(dialog).getByLabelText('Nom'), 'Moussa Diop')
    await user.type(within(dialog).getByLabelText('Email'), 'MOUSSA.DIOP@mairie-medina.sn')
    await user.click(within(dialog).getByRole('button', { name: 'Créer l’invitation' }))
    await confirmPassword(user)
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
        'Cette adresse est déjà celle d’un membre de votre équipe.',
      ),
    )
    expect(within(dialog).queryByRole('button', { name: 'Copier le lien' })).not.toBeInTheDocument()
  })

  it('disables an agent at once, makes an agent responsable with the password; a refusal is said in the server’s words', async () => {
    const api = stubApi({
      '/api/org/members': team,
      'PATCH /api/org/members/0b6a1f7e-6a3c-4c1e-9d2a-0000000000a2': ({ body }) =>
        (body as { status?: string }).status
          ? { status: 200, body: { ...moussa, status: 'disabled' } }
          : apiError(409, 'conflict', 'L’organisation doit garder au moins un responsable actif.'),
    })
    // Disabling an agent takes nobody's power: no password asked.
    const user = userEvent.setup()
    renderRoute('/organization/equipe')
    await screen.findByRole('table', { name: 'Membres de l’organisation' })
    await user.click(within(rowOf('Moussa Diop')).getByRole('button', { name: 'Désactiver' }))
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/api/org/members/${moussa.id}`)[0]?.body).toEqual({ status: 'disabled' }),
    )
    expect(screen.queryByRole('dialog', { name: 'Votre mot de passe' })).not.toBeInTheDocument()
    await user.click(within(rowOf('Moussa Diop')).getByRole('button', { name: 'Rendre responsable' }))
    await confirmPassword(user)
    expect(
      await screen.findByText('L’organisation doit garder au moins un responsable actif.'),
    ).toBeInTheDocument()
    expect(api.callsTo('PATCH', `/api/org/members/${moussa.id}`)[1]?.body).toEqual({
      role: 'responsable',
      currentPassword: PASSWORD,
    })
  })

  it('asks the password once before what could hand the team over, again when it is wrong, and forgets it when the responsable leaves', async () => {
    const ibrahima: Member = {
      ...moussa,
      id: '0b6a1f7e-6a3c-4c1e-9d2a-0000000000a4',
      name: 'Ibrahima Fall',
      role: 'responsable',
    }
    const renewed = { member: fatou, invitation: { url: LINK, expires_at: '2026-12-05T10:00:00.000Z' } }
    const api = stubApi({
      '/api/org/members': { status: 200, body: { items: [awa, ibrahima, moussa, fatou] } },
      '/api/org/me': { status: 200, body: organizationProfile() },
      [`POST /api/org/members/${fatou.id}/invitation`]: withPassword({ status: 201, body: renewed }),
      [`PATCH /api/org/members/${ibrahima.id}`]: withPassword({
        status: 200,
        body: { ...ibrahima, status: 'disabled' },
      }),
    })
    const user = userEvent.setup()
    const { router } = renderRoute('/organization/equipe')
    await screen.findByRole('table', { name: 'Membres de l’organisation' })

    // A new link: the password first, nothing sent before it.
    await user.click(within(rowOf('Fatou Sow')).getByRole('button', { name: 'Nouveau lien' }))
    const asked = await screen.findByRole('dialog', { name: 'Votre mot de passe' })
    expect(asked).toHaveTextContent('Il reste en mémoire jusqu’à ce que vous quittiez cette page.')
    expect(api.callsTo('POST', `/api/org/members/${fatou.id}/invitation`)).toHaveLength(0)
    // A wrong one: asked again, with the server's words.
    await confirmPassword(user, 'pas-le-bon')
    await waitFor(() =>
      expect(within(asked).getByLabelText('Mot de passe')).toHaveAccessibleDescription(
        'Le mot de passe actuel est incorrect.',
      ),
    )
    expect(within(asked).getByLabelText('Mot de passe')).toHaveValue('')
    await confirmPassword(user)
    expect(await screen.findByRole('dialog', { name: 'Nouveau lien d’invitation' })).toBeInTheDocument()
    expect(screen.getByDisplayValue(LINK)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Terminé' }))

    // Disabling a responsable, on the same visit: the password is not asked again.
    await user.click(within(rowOf('Ibrahima Fall')).getByRole('button', { name: 'Désactiver' }))
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/api/org/members/${ibrahima.id}`)[0]?.body).toEqual({
        status: 'disabled',
        currentPassword: PASSWORD,
      }),
    )
    expect(screen.queryByRole('dialog', { name: 'Votre mot de passe' })).not.toBeInTheDocument()
    expect(api.callsTo('POST', `/api/org/members/${fatou.id}/invitation`).map((call) => call.body)).toEqual([
      { currentPassword: 'pas-le-bon' },
      { currentPassword: PASSWORD },
    ])

    // Back on the screen after another one: asked again.
    await router.navigate('/organization/settings')
    await screen.findByRole('heading', { level: 1, name: 'Paramètres' })
    expect(screen.queryByRole('table', { name: 'Membres de l’organisation' })).not.toBeInTheDocument()
    await router.navigate('/organization/equipe')
    await screen.findByRole('table', { name: 'Membres de l’organisation' })
    await user.click(within(rowOf('Fatou Sow')).getByRole('button', { name: 'Nouveau lien' }))
    expect(await screen.findByRole('dialog', { name: 'Votre mot de passe' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Votre mot de passe' })).not.toBeInTheDocument(),
    )
    expect(api.callsTo('POST', `/api/org/members/${fatou.id}/invitation`)).toHaveLength(2)
  })

  it('offers to withdraw an invitation, not to disable the person, and needs no password for it', async () => {
    const api = stubApi({
      '/api/org/members': team,
      [`PATCH /api/org/members/${fatou.id}`]: { status: 200, body: { ...fatou, status: 'disabled' } },
    })
    const user = userEvent.setup()
    renderRoute('/organization/equipe')
    await screen.findByRole('table', { name: 'Membres de l’organisation' })
    const row = within(rowOf('Fatou Sow'))
    expect(row.queryByRole('button', { name: 'Désactiver' })).not.toBeInTheDocument()
    await user.click(row.getByRole('button', { name: 'Retirer l’invitation' }))
    expect(await screen.findByText('Invitation retirée')).toBeInTheDocument()
    expect(api.callsTo('PATCH', `/api/org/members/${fatou.id}`)[0]?.body).toEqual({ status: 'disabled' })
    expect(screen.queryByRole('dialog', { name: 'Votre mot de passe' })).not.toBeInTheDocument()
  })

  it('sends an agent who opens it to their round, without a glimpse of the refusal', async () => {
    signInOrganization(
      organizationSession({ user: { ...ORGANIZATION_USER, member: { ...moussa, role: 'agent' } } }),
    )
    const api = stubApi({
      // Were it asked for, the API would refuse it to an agent.
      '/api/org/members': apiError(
        403,
        'forbidden',
        'Seul un responsable de l’organisation peut faire cela.',
      ),
      '/api/org/me': { status: 200, body: organizationProfile() },
      '/api/org/reports/managed': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } },
    })
    const renderedTexts = recordRenderedTexts()
    const { router } = renderRoute('/organization/equipe')
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/tournee'))
    expect(await screen.findByRole('heading', { name: 'Ma tournée' })).toBeInTheDocument()
    // Nor is the team asked for: it is not theirs to read.
    expect(api.callsTo('GET', '/api/org/members')).toHaveLength(0)
    const rendered = renderedTexts()
    expect(rendered).not.toContain('Impossible de charger l’équipe')
    expect(rendered).not.toContain('Membres de l’organisation')
  })

  it('is not offered to an agent, whose settings read the profile without editing it', async () => {
    signInOrganization(
      organizationSession({ user: { ...ORGANIZATION_USER, member: { ...moussa, role: 'agent' } } }),
    )
    stubApi({
      '/api/org/me': {
        status: 200,
        body: organizationProfile({
          member: { id: moussa.id, name: moussa.name, email: moussa.email, role: 'agent' },
        }),
      },
    })
    renderRoute('/organization/settings')
    expect(
      await screen.findByText('Seul un responsable de l’organisation peut faire cela.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Moussa Diop (Agent)')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enregistrer les modifications' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Équipe' })).not.toBeInTheDocument()
  })
})
