import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '../../../lib/auth/session-store'
import { apiError, stubApi } from '../../../test/api-stub'
import { stubEventSource } from '../../../test/event-source'
import { AREAS, organizationProfile } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import {
  ORGANIZATION_USER,
  organizationSession,
  RESPONSABLE,
  signInOrganization,
} from '../../../test/sessions'

beforeEach(() => {
  stubEventSource()
  signInOrganization()
})

const PATH = '/organization/settings'

describe('Settings, Profil', () => {
  it('shows the system information read-only and the editable fields filled in', async () => {
    stubApi({ 'GET /api/org/me': { status: 200, body: organizationProfile({ last_login: null }) } })
    renderRoute(PATH)
    const system = await screen.findByRole('region', { name: 'Informations système' })
    expect(within(system).getByText('Approuvé')).toBeInTheDocument()
    expect(within(system).getByText('Mairie')).toBeInTheDocument()
    expect(within(system).getByText('10 janvier 2026')).toBeInTheDocument()
    expect(within(system).getByText('Jamais connecté')).toBeInTheDocument()
    expect(within(system).getByText('Voirie')).toBeInTheDocument()
    expect(within(system).getByText('Éclairage public')).toBeInTheDocument()
    expect(within(system).queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Nom de l’organisation')).toHaveValue('Mairie de la Médina')
    expect(screen.getByLabelText('Email')).toHaveValue('contact@mairie-medina.sn')
    expect(screen.getByLabelText('Téléphone')).toHaveValue('+221 33 821 00 00')
    expect(screen.getByLabelText('Adresse')).toHaveValue('Rue 6, Médina')
    expect(screen.getByLabelText('Ville')).toHaveValue('Dakar')
  })

  it('shows a suspended organisation as "Suspendu"', async () => {
    stubApi({ 'GET /api/org/me': { status: 200, body: organizationProfile({ is_active: false }) } })
    renderRoute(PATH)
    const system = await screen.findByRole('region', { name: 'Informations système' })
    expect(within(system).getByText('Suspendu')).toBeInTheDocument()
  })

  it('saves the profile: "Profil mis à jour"; a new name waits for an administrator, the old one still shown', async () => {
    let profile = organizationProfile()
    const api = stubApi({
      'GET /api/org/me': () => ({ status: 200, body: profile }),
      // As the server answers an approved organisation: the new name waits, the old one stays.
      'PATCH /api/org/me': ({ body }) => {
        const { name, ...others } = body as { name: string }
        profile = organizationProfile({ ...others, pending_name: name })
        return { status: 200, body: profile }
      },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    const name = await screen.findByLabelText('Nom de l’organisation')
    await user.clear(name)
    await user.type(name, 'Mairie de Gorée')
    await user.selectOptions(screen.getByLabelText('Ville'), 'Thiès')
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }))
    expect(await screen.findByText('Profil mis à jour')).toBeInTheDocument()
    expect(
      screen.getByText('Votre nouveau nom sera visible dès qu’un administrateur l’aura validé.'),
    ).toBeInTheDocument()
    expect(api.callsTo('PATCH', '/api/org/me')[0]?.body).toEqual({
      name: 'Mairie de Gorée',
      email: 'contact@mairie-medina.sn',
      phone: '+221 33 821 00 00',
      address: 'Rue 6, Médina',
      city: 'Thiès',
    })
    // The field keeps the name asked for, and says which one everyone still sees.
    expect(screen.getByLabelText('Nom de l’organisation')).toHaveValue('Mairie de Gorée')
    expect(
      await screen.findByText(
        // Matched after the usual whitespace normalisation (the text has no-break spaces).
        'Ce nom attend la validation d’un administrateur : « Mairie de la Médina » reste affiché d’ici là.',
      ),
    ).toBeInTheDocument()
    expect(useSessionStore.getState().user?.name).toBe('Mairie de la Médina')
  })

  it('requires every field, and shows an email already taken next to it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const api = stubApi({
      'GET /api/org/me': { status: 200, body: organizationProfile() },
      'PATCH /api/org/me': apiError(409, 'conflict', 'Cette adresse email est déjà utilisée.', 'email'),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    await user.clear(await screen.findByLabelText('Nom de l’organisation'))
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }))
    expect(await screen.findByText('Le nom de l’organisation est requis')).toBeInTheDocument()
    expect(api.callsTo('PATCH', '/api/org/me')).toHaveLength(0)
    await user.type(screen.getByLabelText('Nom de l’organisation'), 'Mairie')
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), 'pris@example.sn')
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }))
    expect(await screen.findAllByText('Cette adresse email est déjà utilisée.')).toHaveLength(2)
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
  })

  it('asks for the current password when the login e-mail changes, and sends it then only', async () => {
    const api = stubApi({
      'GET /api/org/me': { status: 200, body: organizationProfile() },
      'PATCH /api/org/me': ({ body }) => ({ status: 200, body: organizationProfile(body as object) }),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    const email = await screen.findByLabelText('Email')
    expect(screen.queryByLabelText('Mot de passe actuel')).not.toBeInTheDocument()
    await user.clear(email)
    await user.type(email, 'nouvelle@mairie-medina.sn')
    const password = screen.getByLabelText('Mot de passe actuel')
    expect(
      screen.getByText(
        /L’email sert à vous connecter.+confirmez son changement avec votre mot de passe actuel\./,
      ),
    ).toBeInTheDocument()
    // The same address in capitals is the same login: no password asked.
    await user.clear(email)
    await user.type(email, 'CONTACT@mairie-medina.sn')
    expect(screen.queryByLabelText('Mot de passe actuel')).not.toBeInTheDocument()
    await user.clear(email)
    await user.type(email, 'nouvelle@mairie-medina.sn')
    await user.type(screen.getByLabelText('Mot de passe actuel'), 'motdepasse1')
    expect(password).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }))
    expect(await screen.findByText('Profil mis à jour')).toBeInTheDocument()
    expect(api.callsTo('PATCH', '/api/org/me')[0]?.body).toMatchObject({
      email: 'nouvelle@mairie-medina.sn',
      currentPassword: 'motdepasse1',
    })
  })

  it('shows the server’s text on the current password field when it is missing or wrong', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      'GET /api/org/me': { status: 200, body: organizationProfile() },
      'PATCH /api/org/me': apiError(
        400,
        'invalid_input',
        'Saisissez votre mot de passe actuel pour changer votre identifiant de connexion.',
        'currentPassword',
      ),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    const email = await screen.findByLabelText('Email')
    await user.clear(email)
    await user.type(email, 'nouvelle@mairie-medina.sn')
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }))
    expect(
      await screen.findAllByText(
        'Saisissez votre mot de passe actuel pour changer votre identifiant de connexion.',
      ),
    ).toHaveLength(2)
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveFocus()
  })

  it('says when the profile cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({ 'GET /api/org/me': apiError(500, 'internal', 'Une erreur interne est survenue.') })
    renderRoute(PATH)
    expect(await screen.findByText('Impossible de charger le profil')).toBeInTheDocument()
  })
})

describe('Settings, Zone d’intervention', () => {
  // Matched after the usual whitespace normalisation (the texts have no-break spaces).
  const zoneOf = (region: HTMLElement) => within(region).getByText(/^Zone actuelle :/)

  // Issue 47, point 10: an approved organisation's new zone waits for an administrator.
  it('asks for chosen communes instead of the whole department: the zone stays until an administrator approves', async () => {
    let profile = organizationProfile()
    const api = stubApi({
      'GET /api/org/me': () => ({ status: 200, body: profile }),
      'GET /api/areas': { status: 200, body: AREAS },
      // As the server answers an approved organisation: the new zone waits, the old one stays.
      'PATCH /api/org/me': ({ body }) => {
        const { areaIds } = body as { areaIds: number[] }
        profile = organizationProfile({
          pending_areas: AREAS.filter((area) => areaIds.includes(area.id)).map(({ id, name }) => ({
            id,
            name,
          })),
        })
        return { status: 200, body: profile }
      },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    const zone = await screen.findByRole('region', { name: 'Zone d’intervention' })
    expect(zoneOf(zone)).toHaveTextContent('Zone actuelle : Tout le département de Dakar')
    expect(within(zone).getByRole('radio', { name: 'Tout le département de Dakar' })).toBeChecked()

    await user.click(within(zone).getByRole('radio', { name: 'Certaines communes' }))
    const save = within(zone).getByRole('button', { name: 'Enregistrer la zone' })
    // None ticked: said, and nothing sent.
    await user.click(save)
    expect(
      await within(zone).findByText('Choisissez au moins une commune, ou tout le département de Dakar.'),
    ).toBeInTheDocument()
    expect(api.callsTo('PATCH', '/api/org/me')).toHaveLength(0)

    await user.click(await within(zone).findByRole('checkbox', { name: 'Parcelles Assainies' }))
    await user.click(within(zone).getByRole('checkbox', { name: 'Médina' }))
    await user.click(save)
    expect(await screen.findByText('Zone d’intervention mise à jour')).toBeInTheDocument()
    expect(
      screen.getByText('Votre nouvelle zone s’appliquera dès qu’un administrateur l’aura validée.'),
    ).toBeInTheDocument()
    // Only the zone: the profile's other fields are not sent again.
    expect(api.callsTo('PATCH', '/api/org/me')[0]?.body).toEqual({ areaIds: [3, 18] })
    // The zone it covers is still the whole department; the one asked for is said, and kept ticked.
    // Matched after the usual whitespace normalisation (the texts have no-break spaces).
    expect(
      await within(zone).findByText(
        'Zone demandée : Médina, Parcelles Assainies, en attente de la validation d’un administrateur.',
      ),
    ).toBeInTheDocument()
    expect(zoneOf(zone)).toHaveTextContent('Zone actuelle : Tout le département de Dakar')
    expect(within(zone).getByRole('checkbox', { name: 'Médina' })).toBeChecked()
  })

  it('starts from the zone it asked for, and asks for the whole department again', async () => {
    const api = stubApi({
      'GET /api/org/me': {
        status: 200,
        body: organizationProfile({
          areas: [{ id: 3, name: 'Médina' }],
          pending_areas: [{ id: 2, name: 'Gorée' }],
        }),
      },
      'GET /api/areas': { status: 200, body: AREAS },
      'PATCH /api/org/me': {
        status: 200,
        body: organizationProfile({ areas: [{ id: 3, name: 'Médina' }], pending_areas: [] }),
      },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    const zone = await screen.findByRole('region', { name: 'Zone d’intervention' })
    expect(zoneOf(zone)).toHaveTextContent('Zone actuelle : Médina')
    expect(
      within(zone).getByText('Zone demandée : Gorée, en attente de la validation d’un administrateur.'),
    ).toBeInTheDocument()
    expect(within(zone).getByRole('radio', { name: 'Certaines communes' })).toBeChecked()
    expect(await within(zone).findByRole('checkbox', { name: 'Gorée' })).toBeChecked()
    expect(within(zone).getByRole('checkbox', { name: 'Médina' })).not.toBeChecked()
    expect(within(zone).getByText('1 commune choisie')).toBeInTheDocument()

    await user.click(within(zone).getByRole('radio', { name: 'Tout le département de Dakar' }))
    await user.click(within(zone).getByRole('button', { name: 'Enregistrer la zone' }))
    expect(await screen.findByText('Zone d’intervention mise à jour')).toBeInTheDocument()
    expect(api.callsTo('PATCH', '/api/org/me')[0]?.body).toEqual({ areaIds: [] })
    expect(
      await within(zone).findByText(
        'Zone demandée : Tout le département de Dakar, en attente de la validation d’un administrateur.',
      ),
    ).toBeInTheDocument()
    expect(zoneOf(zone)).toHaveTextContent('Zone actuelle : Médina')
  })

  it('shows an agent the zone, without a way to change it', async () => {
    const agent = { ...RESPONSABLE, id: '0b6a1f7e-6a3c-4c1e-9d2a-0000000000a2', role: 'agent' } as const
    signInOrganization(organizationSession({ user: { ...ORGANIZATION_USER, member: agent } }))
    stubApi({
      'GET /api/org/me': {
        status: 200,
        body: organizationProfile({
          areas: [
            { id: 2, name: 'Gorée' },
            { id: 3, name: 'Médina' },
          ],
          member: agent,
        }),
      },
    })
    renderRoute(PATH)
    const zone = await screen.findByRole('region', { name: 'Zone d’intervention' })
    expect(zoneOf(zone)).toHaveTextContent('Zone actuelle : Gorée, Médina')
    expect(within(zone).queryByRole('radio')).not.toBeInTheDocument()
    expect(within(zone).queryByRole('button')).not.toBeInTheDocument()
  })

  it('says when the server refuses the zone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      'GET /api/org/me': { status: 200, body: organizationProfile() },
      'GET /api/areas': { status: 200, body: AREAS },
      'PATCH /api/org/me': apiError(
        403,
        'forbidden',
        'Seul un responsable de l’organisation peut faire cela.',
      ),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    const zone = await screen.findByRole('region', { name: 'Zone d’intervention' })
    await user.click(within(zone).getByRole('radio', { name: 'Certaines communes' }))
    await user.click(await within(zone).findByRole('checkbox', { name: 'Médina' }))
    await user.click(within(zone).getByRole('button', { name: 'Enregistrer la zone' }))
    expect(
      await screen.findByText('Seul un responsable de l’organisation peut faire cela.'),
    ).toBeInTheDocument()
    expect(zoneOf(zone)).toHaveTextContent('Zone actuelle : Tout le département de Dakar')
  })
})

describe('Settings, Sécurité', () => {
  async function openSecurity(user: UserEvent) {
    renderRoute(PATH)
    await user.click(await screen.findByRole('tab', { name: 'Sécurité' }))
    return screen.findByRole('region', { name: 'Changer le mot de passe' })
  }
  const submit = (user: UserEvent) =>
    user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }))

  it('checks the fields in the order of SPEC.md before calling the server', async () => {
    const api = stubApi({ 'GET /api/org/me': { status: 200, body: organizationProfile() } })
    const user = userEvent.setup()
    await openSecurity(user)
    await submit(user)
    expect(await screen.findAllByText('Veuillez remplir tous les champs')).toHaveLength(3)
    await user.type(screen.getByLabelText('Mot de passe actuel'), 'ancien1')
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'abc')
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'abd')
    await submit(user)
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Confirmer le nouveau mot de passe'))
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'abc')
    await submit(user)
    expect(await screen.findByText('Le mot de passe doit faire au moins 6 caractères')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/auth/password')).toHaveLength(0)
  })

  it('shows the server’s text when the current password is wrong', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      'GET /api/org/me': { status: 200, body: organizationProfile() },
      'POST /api/auth/password': apiError(
        400,
        'invalid_input',
        'Le mot de passe actuel est incorrect.',
        'currentPassword',
      ),
    })
    const user = userEvent.setup()
    await openSecurity(user)
    await user.type(screen.getByLabelText('Mot de passe actuel'), 'mauvais')
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'nouveau123')
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'nouveau123')
    await submit(user)
    expect(await screen.findAllByText('Le mot de passe actuel est incorrect.')).toHaveLength(2)
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveAttribute('aria-invalid', 'true')
  })

  it('changes the password: "Mot de passe changé", and adopts the session the server returns', async () => {
    const api = stubApi({
      'GET /api/org/me': { status: 200, body: organizationProfile() },
      'POST /api/auth/password': {
        status: 200,
        body: organizationSession({ token: 'after-change' }),
      },
    })
    const user = userEvent.setup()
    await openSecurity(user)
    await user.type(screen.getByLabelText('Mot de passe actuel'), 'ancien1')
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'nouveau123')
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'nouveau123')
    await submit(user)
    expect(await screen.findByText('Mot de passe changé')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/auth/password')[0]?.body).toEqual({
      currentPassword: 'ancien1',
      newPassword: 'nouveau123',
    })
    expect(useSessionStore.getState()).toMatchObject({
      token: 'after-change',
    })
    await waitFor(() => expect(screen.getByLabelText('Mot de passe actuel')).toHaveValue(''))
  })
})
