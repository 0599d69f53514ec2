import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SIGNUP_REDIRECT_DELAY_MS } from '../../../../domain/constants'
import type { Answer } from '../../../test/api-stub'
import { apiError, stubApi } from '../../../test/api-stub'
import { AREAS } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import { signOut } from '../../../test/sessions'

const CATEGORIES = [
  { id: 1, nom: 'Voirie' },
  { id: 2, nom: 'Éclairage public' },
  { id: 3, nom: 'Propreté' },
]

beforeEach(() => signOut())

function startWizard(signup: Answer = { status: 201, body: { id: 'x', status: 'pending' } }) {
  const api = stubApi({
    'GET /api/categories': { status: 200, body: CATEGORIES },
    'GET /api/areas': { status: 200, body: AREAS },
    'POST /api/organizations/signup': signup,
  })
  const user = userEvent.setup()
  const view = renderRoute('/organization/signup')
  return { api, user, ...view }
}

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Suivant' }))

async function fillBasics(user: UserEvent) {
  await user.type(await screen.findByLabelText('Nom de l’organisation'), 'Mairie de la Médina')
  await user.selectOptions(screen.getByLabelText('Type d’organisation'), 'Mairie')
  await user.type(screen.getByLabelText('Email'), 'contact@mairie-medina.sn')
  await user.type(screen.getByLabelText('Téléphone'), '+221 33 821 00 00')
  await next(user)
}

async function fillLocation(user: UserEvent) {
  await user.type(await screen.findByLabelText('Adresse'), 'Rue 6, Médina')
  await user.selectOptions(screen.getByLabelText('Ville'), 'Dakar')
  await next(user)
}

async function fillCategories(user: UserEvent) {
  await user.click(await screen.findByRole('checkbox', { name: 'Voirie' }))
  await user.click(screen.getByRole('checkbox', { name: 'Propreté' }))
  await next(user)
}

async function reachAccountStep(user: UserEvent, responsableName = 'Awa Ndiaye') {
  await fillBasics(user)
  await fillLocation(user)
  await fillCategories(user)
  await screen.findByRole('heading', { name: 'Création du compte' })
  if (responsableName) await user.type(screen.getByLabelText('Votre nom'), responsableName)
}

describe('Sign-up wizard (/organization/signup)', () => {
  it('starts at step 1 of 4 with its progress bar', async () => {
    startWizard()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inscription Organisation' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Étape 1 sur 4')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Étape 1 sur 4' })).toHaveAttribute('aria-valuenow', '25')
    expect(screen.getByRole('heading', { name: 'Informations de base' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Précédent' })).not.toBeInTheDocument()
  })

  it('step 1 requires the name, the type, a valid email and the phone', async () => {
    const { user } = startWizard()
    await screen.findByLabelText('Nom de l’organisation')
    await next(user)
    expect(await screen.findByText('Le nom de l’organisation est requis')).toBeInTheDocument()
    expect(screen.getByText('Le type d’organisation est requis')).toBeInTheDocument()
    expect(screen.getByText('L’adresse email est requise')).toBeInTheDocument()
    expect(screen.getByText('Le numéro de téléphone est requis')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'pas-un-email')
    await next(user)
    expect(await screen.findByText('Adresse email invalide')).toBeInTheDocument()
    expect(screen.getByText('Étape 1 sur 4')).toBeInTheDocument()
  })

  it('offers the eight organisation types and the fourteen cities', async () => {
    const { user } = startWizard()
    const type = await screen.findByLabelText('Type d’organisation')
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Sélectionnez un type',
      'Mairie',
      'Conseil départemental',
      'Préfecture',
      'Services publics',
      'Entreprise de service',
      'ONG',
      'Association',
      'Autre',
    ])
    await fillBasics(user)
    const city = await screen.findByLabelText('Ville')
    expect(within(city).getAllByRole('option')).toHaveLength(15)
    expect(within(city).getByRole('option', { name: 'Kédougou' })).toBeInTheDocument()
  })

  it('step 2 requires the address and the city, and Précédent keeps what was typed', async () => {
    const { user } = startWizard()
    await fillBasics(user)
    expect(await screen.findByText('Étape 2 sur 4')).toBeInTheDocument()
    await next(user)
    expect(await screen.findByText('L’adresse est requise')).toBeInTheDocument()
    expect(screen.getByText('La ville est requise')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Adresse'), 'Rue 6')
    await user.click(screen.getByRole('button', { name: 'Précédent' }))
    expect(await screen.findByLabelText('Nom de l’organisation')).toHaveValue('Mairie de la Médina')
    expect(screen.getByLabelText('Type d’organisation')).toHaveValue('mairie')
    await next(user)
    expect(await screen.findByLabelText('Adresse')).toHaveValue('Rue 6')
  })

  it('step 3 lists the categories as tiles and requires at least one', async () => {
    const { user } = startWizard()
    await fillBasics(user)
    await fillLocation(user)
    expect(await screen.findByText('Étape 3 sur 4')).toBeInTheDocument()
    const tiles = await screen.findAllByRole('checkbox')
    expect(tiles).toHaveLength(3)
    await next(user)
    expect(
      await screen.findByText('Veuillez sélectionner au moins une catégorie pour continuer'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Éclairage public' }))
    expect(screen.getByRole('checkbox', { name: 'Éclairage public' })).toBeChecked()
    expect(screen.getByText('1 catégorie(s) sélectionnée(s)')).toBeInTheDocument()
    await next(user)
    expect(await screen.findByText('Étape 4 sur 4')).toBeInTheDocument()
  })

  it('step 3 covers the whole department unless communes are chosen, and then needs one', async () => {
    const { user, api } = startWizard()
    await fillBasics(user)
    await fillLocation(user)
    expect(await screen.findByRole('heading', { name: 'Catégories et zone' })).toBeInTheDocument()
    await user.click(await screen.findByRole('checkbox', { name: 'Voirie' }))
    const zone = screen.getByRole('group', { name: 'Communes couvertes' })
    expect(within(zone).getByRole('radio', { name: 'Tout le département de Dakar' })).toBeChecked()
    // The communes are fetched only when the visitor wants to choose some.
    expect(api.callsTo('GET', '/api/areas')).toHaveLength(0)

    await user.click(within(zone).getByRole('radio', { name: 'Certaines communes' }))
    const communes = await screen.findByRole('group', { name: 'Choisissez les communes' })
    expect(within(communes).getAllByRole('checkbox')).toHaveLength(19)
    // Grouped by arrondissement.
    const plateau = within(communes).getByRole('group', { name: 'Dakar-Plateau' })
    expect(within(plateau).getByRole('checkbox', { name: 'Médina' })).toBeInTheDocument()
    const parcelles = within(communes).getByRole('group', { name: 'Parcelles Assainies' })
    expect(within(parcelles).getByRole('checkbox', { name: 'Parcelles Assainies' })).toBeInTheDocument()
    expect(screen.getByText('0 commune choisie')).toBeInTheDocument()

    await next(user)
    expect(
      await screen.findByText('Choisissez au moins une commune, ou tout le département de Dakar.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Étape 3 sur 4')).toBeInTheDocument()
    expect(communes).toHaveAttribute('aria-describedby')

    await user.click(within(communes).getByRole('checkbox', { name: 'Médina' }))
    await user.click(within(communes).getByRole('checkbox', { name: 'Gorée' }))
    expect(screen.getByText('2 communes choisies')).toBeInTheDocument()
    expect(
      screen.queryByText('Choisissez au moins une commune, ou tout le département de Dakar.'),
    ).not.toBeInTheDocument()
    await next(user)
    await screen.findByRole('heading', { name: 'Création du compte' })
    const summary = screen.getByRole('region', { name: 'Récapitulatif' })
    // In the list's order.
    expect(within(summary).getByText('Gorée, Médina')).toBeInTheDocument()

    // Back on step 3, the communes are still ticked.
    await user.click(screen.getByRole('button', { name: 'Précédent' }))
    expect(await screen.findByRole('checkbox', { name: 'Médina' })).toBeChecked()
    await next(user)
    await user.type(await screen.findByLabelText('Votre nom'), 'Awa Ndiaye')
    await user.type(screen.getByLabelText('Mot de passe'), 'medina2026')
    await user.click(screen.getByRole('button', { name: 'Finaliser l’inscription' }))
    await waitFor(() => expect(api.callsTo('POST', '/api/organizations/signup')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/organizations/signup')[0]?.body).toMatchObject({
      categoryIds: [1],
      areaIds: [2, 3],
    })
  })

  it('sends the whole department when it is chosen again after communes', async () => {
    const { user, api } = startWizard()
    await fillBasics(user)
    await fillLocation(user)
    await user.click(await screen.findByRole('checkbox', { name: 'Voirie' }))
    await user.click(screen.getByRole('radio', { name: 'Certaines communes' }))
    await user.click(await screen.findByRole('checkbox', { name: 'Médina' }))
    await user.click(screen.getByRole('radio', { name: 'Tout le département de Dakar' }))
    expect(screen.queryByRole('checkbox', { name: 'Médina' })).not.toBeInTheDocument()
    await next(user)
    await user.type(await screen.findByLabelText('Votre nom'), 'Awa Ndiaye')
    expect(
      within(screen.getByRole('region', { name: 'Récapitulatif' })).getByText('Tout le département de Dakar'),
    ).toBeInTheDocument()
    await user.type(screen.getByLabelText('Mot de passe'), 'medina2026')
    await user.click(screen.getByRole('button', { name: 'Finaliser l’inscription' }))
    await waitFor(() => expect(api.callsTo('POST', '/api/organizations/signup')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/organizations/signup')[0]?.body).toMatchObject({ areaIds: [] })
  })

  it('brings the visitor back to the zone when the server does not know a commune', async () => {
    const { user } = startWizard(
      apiError(
        400,
        'invalid_input',
        'Cette commune n’existe pas\u202f: choisissez-la dans la liste.',
        'areaIds',
      ),
    )
    // Matched after the usual whitespace normalisation (the text has a no-break space).
    const refused = 'Cette commune n’existe pas : choisissez-la dans la liste.'
    await fillBasics(user)
    await fillLocation(user)
    await user.click(await screen.findByRole('checkbox', { name: 'Voirie' }))
    await user.click(screen.getByRole('radio', { name: 'Certaines communes' }))
    await user.click(await screen.findByRole('checkbox', { name: 'Médina' }))
    await next(user)
    await user.type(await screen.findByLabelText('Votre nom'), 'Awa Ndiaye')
    await user.type(screen.getByLabelText('Mot de passe'), 'medina2026')
    await user.click(screen.getByRole('button', { name: 'Finaliser l’inscription' }))
    expect(await screen.findByText('Étape 3 sur 4')).toBeInTheDocument()
    // Next to the zone; the toast has the generic text.
    expect(await screen.findByText(refused)).toBeInTheDocument()
    expect(
      await screen.findByText('Données invalides. Vérifiez que tous les champs sont correctement remplis.'),
    ).toBeInTheDocument()
    // Changing the zone takes the refusal away.
    await user.click(screen.getByRole('checkbox', { name: 'Gorée' }))
    expect(screen.queryByText(refused)).not.toBeInTheDocument()
  })

  it('step 3 says when the categories cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let serviceBack = false
    const api = stubApi({
      'GET /api/categories': () =>
        serviceBack
          ? { status: 200, body: CATEGORIES }
          : apiError(503, 'unavailable', 'Service momentanément indisponible.'),
    })
    const user = userEvent.setup()
    renderRoute('/organization/signup')
    await fillBasics(user)
    await fillLocation(user)
    expect(await screen.findByText('Impossible de charger les catégories')).toBeInTheDocument()
    const askedBefore = api.callsTo('GET', '/api/categories').length
    serviceBack = true
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('checkbox', { name: 'Voirie' })).toBeInTheDocument()
    expect(api.callsTo('GET', '/api/categories')).toHaveLength(askedBefore + 1)
  })

  it('step 4 sums up the answers, with the live checklist and the match line', async () => {
    const { user } = startWizard()
    await reachAccountStep(user)
    const summary = screen.getByRole('region', { name: 'Récapitulatif' })
    expect(within(summary).getByText('Mairie de la Médina')).toBeInTheDocument()
    expect(within(summary).getByText('Mairie')).toBeInTheDocument()
    expect(within(summary).getByText('contact@mairie-medina.sn')).toBeInTheDocument()
    expect(within(summary).getByText('Rue 6, Médina, Dakar')).toBeInTheDocument()
    expect(within(summary).getByText('Voirie, Propreté')).toBeInTheDocument()
    expect(within(summary).getByText('Tout le département de Dakar')).toBeInTheDocument()

    const item = (name: string) => screen.getByText(name).closest('li')
    expect(item('Au moins 6 caractères')).toHaveAttribute('data-met', 'false')
    expect(item('Une lettre')).toHaveAttribute('data-met', 'false')
    expect(item('Un chiffre')).toHaveAttribute('data-met', 'false')
    const password = screen.getByLabelText('Mot de passe')
    await user.type(password, 'abc')
    expect(item('Une lettre')).toHaveAttribute('data-met', 'true')
    expect(item('Au moins 6 caractères')).toHaveAttribute('data-met', 'false')
    await user.type(password, '123')
    expect(item('Un chiffre')).toHaveAttribute('data-met', 'true')
    expect(item('Au moins 6 caractères')).toHaveAttribute('data-met', 'true')

    expect(screen.queryByText('Les mots de passe correspondent')).not.toBeInTheDocument()
    const confirmation = screen.getByLabelText('Confirmer le mot de passe')
    await user.type(confirmation, 'abc')
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument()
    await user.type(confirmation, '123')
    expect(screen.getByText('Les mots de passe correspondent')).toBeInTheDocument()
    expect(screen.queryByText('Les mots de passe ne correspondent pas')).not.toBeInTheDocument()
  })

  it('step 4 requires 6 characters but not a matching confirmation', async () => {
    const { user, api } = startWizard('pending')
    await reachAccountStep(user)
    await user.type(screen.getByLabelText('Mot de passe'), 'abc')
    await user.click(screen.getByRole('button', { name: 'Finaliser l’inscription' }))
    expect(await screen.findByText('Le mot de passe doit faire au moins 6 caractères')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/organizations/signup')).toHaveLength(0)

    await user.type(screen.getByLabelText('Mot de passe'), 'def1')
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'autre')
    await user.click(screen.getByRole('button', { name: 'Finaliser l’inscription' }))
    expect(await screen.findByRole('button', { name: 'Création...' })).toBeDisabled()
    const [call] = api.callsTo('POST', '/api/organizations/signup')
    expect(call?.body).toEqual({
      name: 'Mairie de la Médina',
      type: 'mairie',
      email: 'contact@mairie-medina.sn',
      phone: '+221 33 821 00 00',
      address: 'Rue 6, Médina',
      city: 'Dakar',
      categoryIds: [1, 3],
      // The whole department, unless communes are chosen.
      areaIds: [],
      password: 'abcdef1',
      responsableName: 'Awa Ndiaye',
    })
  })

  it('step 4 asks the name of the person signing up, its first responsable', async () => {
    const { user, api } = startWizard('pending')
    await reachAccountStep(user, '')
    expect(screen.getByText(/Vous serez le responsable de l’organisation/)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Mot de passe'), 'medina2026')
    await user.click(screen.getByRole('button', { name: 'Finaliser l’inscription' }))
    expect(await screen.findByText('Le nom est requis')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/organizations/signup')).toHaveLength(0)
  })

  it('shows the confirmation, then goes to the login page after 3 seconds', async () => {
    // The page's clock is the test's, which also runs on its own for the wizard's typing.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    const { user, router } = startWizard()
    await reachAccountStep(user)
    await user.type(screen.getByLabelText('Mot de passe'), 'medina2026')
    await user.click(screen.getByRole('button', { name: 'Finaliser l’inscription' }))
    expect(await screen.findByRole('heading', { name: 'Inscription réussie\u202f!' })).toBeInTheDocument()
    expect(screen.getByText(/Un administrateur doit approuver le compte/)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/organization/signup')
    await act(() => vi.advanceTimersByTimeAsync(SIGNUP_REDIRECT_DELAY_MS))
    // The 3 seconds have passed: the router goes on to the login page (its screen loads first).
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/login'))
  })

  it('brings the visitor back to the email when it is already used', async () => {
    const { user } = startWizard(apiError(409, 'conflict', 'Cette adresse email est déjà utilisée.', 'email'))
    await reachAccountStep(user)
    await user.type(screen.getByLabelText('Mot de passe'), 'medina2026')
    await user.click(screen.getByRole('button', { name: 'Finaliser l’inscription' }))
    expect(await screen.findByText('Étape 1 sur 4')).toBeInTheDocument()
    const email = screen.getByLabelText('Email')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveValue('contact@mairie-medina.sn')
    // Next to the field, and as a toast.
    expect(await screen.findAllByText('Cette adresse email est déjà utilisée.')).toHaveLength(2)
  })

  it('brings the visitor back to the name when another organisation bears it', async () => {
    const { user } = startWizard(apiError(409, 'conflict', 'Une organisation porte déjà ce nom.', 'name'))
    await reachAccountStep(user)
    await user.type(screen.getByLabelText('Mot de passe'), 'medina2026')
    await user.click(screen.getByRole('button', { name: 'Finaliser l’inscription' }))
    expect(await screen.findByText('Étape 1 sur 4')).toBeInTheDocument()
    expect(screen.getByLabelText('Nom de l’organisation')).toHaveAttribute('aria-invalid', 'true')
    expect(await screen.findAllByText('Une organisation porte déjà ce nom.')).toHaveLength(2)
  })

  it('maps an unknown type and a network failure to the texts of SPEC.md', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, api } = startWizard(apiError(400, 'invalid_input', 'Type invalide', 'type'))
    await reachAccountStep(user)
    await user.type(screen.getByLabelText('Mot de passe'), 'medina2026')
    await user.click(screen.getByRole('button', { name: 'Finaliser l’inscription' }))
    expect(
      await screen.findAllByText(
        'Type d’organisation non valide. Veuillez sélectionner un type dans la liste.',
      ),
    ).toHaveLength(2)
    expect(screen.getByLabelText('Type d’organisation')).toHaveAttribute('aria-invalid', 'true')

    api.fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch')
    })
    await next(user)
    await next(user)
    await next(user)
    await user.click(await screen.findByRole('button', { name: 'Finaliser l’inscription' }))
    expect(await screen.findByText('Erreur de connexion. Vérifiez votre internet.')).toBeInTheDocument()
    expect(screen.getByText('Étape 4 sur 4')).toBeInTheDocument()
  })

  it('answers other invalid data with the generic text, and the server’s detail next to the field', async () => {
    const { user } = startWizard(
      apiError(400, 'invalid_input', 'Le mot de passe doit faire au moins 6 caractères', 'password'),
    )
    await reachAccountStep(user)
    await user.type(screen.getByLabelText('Mot de passe'), 'medina2026')
    await user.click(screen.getByRole('button', { name: 'Finaliser l’inscription' }))
    expect(
      await screen.findByText('Données invalides. Vérifiez que tous les champs sont correctement remplis.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Le mot de passe doit faire au moins 6 caractères')).toBeInTheDocument()
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('aria-invalid', 'true')
  })
})
