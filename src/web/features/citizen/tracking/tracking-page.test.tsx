import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TrackedReport } from '../../../../domain/citizen'
import { switchLanguage } from '../../../i18n/languages'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'
import { apiError, stubApi } from '../../../test/api-stub'
import { CATEGORIES, publicHistoryLine } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'

const tracked: TrackedReport = {
  id: '6f1c1b9e-8a51-4c3e-9d43-0d7f1e2a3b4c',
  anonymous_code: '7KQ2M9XD',
  type: 'Voirie',
  status: 'en-cours',
  department: 'Dakar',
  created_at: '2026-11-20T09:30:00Z',
  updated_at: '2026-11-21T08:00:00Z',
  claimed_at: '2026-11-21T08:00:00Z',
  resolved_at: null,
  organization_name: 'Mairie de la Médina',
  resolution: null,
  history: [
    publicHistoryLine('created', '2026-11-20T09:30:00Z', { to_status: 'en-attente' }),
    publicHistoryLine('claimed', '2026-11-21T08:00:00Z', {
      from_status: 'en-attente',
      to_status: 'en-cours',
    }),
  ],
}

beforeEach(() => {
  useCitizenDeviceStore.setState({ citizenToken: null, mintedToken: null })
})

describe('/suivi', () => {
  it('opens with the code of the address filled and looked up, case-insensitively', async () => {
    const { fetchMock } = stubApi({ 'GET /api/reports/track/7KQ2M9XD': { status: 200, body: tracked } })
    renderRoute('/suivi?code=7kq2m9xd')
    expect(await screen.findByRole('heading', { name: 'Voirie' })).toBeInTheDocument()
    expect(screen.getByLabelText('Code du signalement')).toHaveValue('7kq2m9xd')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const card = screen.getByRole('article')
    expect(within(card).getByText('En cours')).toHaveClass('bg-yellow-100')
    expect(within(card).getByText('7KQ2M9XD')).toBeInTheDocument()
    const dates = within(card)
      .getAllByRole('definition')
      .map((item) => item.textContent)
    expect(dates).toEqual([
      'Dakar',
      '20 novembre 2026',
      '21 novembre 2026',
      '—',
      '21 novembre 2026',
      'Mairie de la Médina',
    ])
    expect(within(card).getByText('Signalement envoyé')).toBeInTheDocument()
    expect(within(card).getByText('Pris en charge')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Suivi des signalements | Alertes urbaines'))
  })

  it('names the organisation in charge and links to the report’s public page', async () => {
    const user = userEvent.setup()
    stubApi({
      'GET /api/reports/track/7KQ2M9XD': { status: 200, body: tracked },
      [`GET /api/reports/${tracked.id}`]: 'pending',
    })
    const { router } = renderRoute('/suivi?code=7KQ2M9XD')
    const card = await screen.findByRole('article')
    expect(within(card).getByText('Organisation chargée').nextSibling).toHaveTextContent(
      'Mairie de la Médina',
    )
    const link = within(card).getByRole('link', { name: 'Voir la page publique du signalement' })
    expect(link).toHaveAttribute('href', `/signalements/${tracked.id}`)
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe(`/signalements/${tracked.id}`))
  })

  it('says no organisation has it yet, and gives a rejected report no public page', async () => {
    stubApi({
      'GET /api/reports/track/7KQ2M9XD': {
        status: 200,
        body: { ...tracked, status: 'rejete', organization_name: null },
      },
    })
    renderRoute('/suivi?code=7KQ2M9XD')
    const card = await screen.findByRole('article')
    expect(within(card).getByText('Organisation chargée').nextSibling).toHaveTextContent(
      'Aucune pour le moment',
    )
    expect(within(card).queryByRole('link', { name: 'Voir la page publique du signalement' })).toBeNull()
  })

  it('shows placeholders while looking the code up', async () => {
    stubApi({ 'GET /api/reports/track/7KQ2M9XD': 'pending' })
    renderRoute('/suivi?code=7KQ2M9XD')
    expect(await screen.findByText('Recherche...')).toBeInTheDocument()
  })

  it('refuses a code that cannot be one without asking the server', async () => {
    const user = userEvent.setup()
    const { fetchMock } = stubApi({})
    renderRoute('/suivi')
    await user.type(await screen.findByLabelText('Code du signalement'), 'ABC')
    await user.click(screen.getByRole('button', { name: 'Rechercher' }))
    expect(screen.getByText('Le code comporte 8 caractères (lettres et chiffres).')).toBeInTheDocument()
    expect(screen.getByLabelText('Code du signalement')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('looks up a typed code and says when no report has it', async () => {
    const user = userEvent.setup()
    stubApi({
      'GET /api/reports/track/ZZZZZZZZ': {
        status: 404,
        body: {
          error: {
            code: 'not_found',
            message: 'Aucun signalement ne correspond à ce code. Vérifiez les 8 caractères.',
          },
        },
      },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { router } = renderRoute('/suivi')
    await user.type(await screen.findByLabelText('Code du signalement'), ' zzzzzzzz ')
    await user.click(screen.getByRole('button', { name: 'Rechercher' }))
    expect(
      await screen.findByText('Aucun signalement ne correspond à ce code. Vérifiez les 8 caractères.'),
    ).toBeInTheDocument()
    expect(router.state.location.search).toBe('?code=ZZZZZZZZ')
  })

  it('looks up a code typed with spaces, as people copy it', async () => {
    const user = userEvent.setup()
    stubApi({ 'GET /api/reports/track/7KQ2M9XD': { status: 200, body: tracked } })
    const { router } = renderRoute('/suivi')
    await user.type(await screen.findByLabelText('Code du signalement'), '7kq2 m9xd')
    await user.click(screen.getByRole('button', { name: 'Rechercher' }))
    expect(await screen.findByRole('heading', { name: 'Voirie' })).toBeInTheDocument()
    expect(screen.queryByText('Le code comporte 8 caractères (lettres et chiffres).')).toBeNull()
    expect(router.state.location.search).toBe('?code=7KQ2M9XD')
  })

  it('shows one error at a time: a code typed wrong replaces the previous “not found”', async () => {
    const user = userEvent.setup()
    const notFound = 'Aucun signalement ne correspond à ce code. Vérifiez les 8 caractères.'
    stubApi({ 'GET /api/reports/track/ZZZZZZZZ': apiError(404, 'not_found', notFound) })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/suivi?code=ZZZZZZZZ')
    expect(await screen.findByText(notFound)).toBeInTheDocument()
    const field = screen.getByLabelText('Code du signalement')
    await user.clear(field)
    await user.type(field, 'ABC')
    await user.click(screen.getByRole('button', { name: 'Rechercher' }))
    expect(screen.getByText('Le code comporte 8 caractères (lettres et chiffres).')).toBeInTheDocument()
    expect(screen.queryByText(notFound)).toBeNull()
  })

  it('offers no “Suivre sur cet appareil” on the phone that filed the report', async () => {
    useCitizenDeviceStore.setState({ citizenToken: 'token-of-this-phone' })
    stubApi({
      'GET /api/reports/track/7KQ2M9XD': { status: 200, body: tracked },
      'GET /api/citizen/reports': {
        status: 200,
        body: { items: [{ ...tracked, filed_by_this_device: true }] },
      },
    })
    renderRoute('/suivi?code=7KQ2M9XD')
    expect(await screen.findByText('Ce signalement est suivi sur cet appareil.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Suivre sur cet appareil' })).toBeNull()
  })

  it('shows other failures with a way to try again', async () => {
    stubApi({
      'GET /api/reports/track/7KQ2M9XD': {
        status: 500,
        body: { error: { code: 'internal', message: 'Une erreur interne est survenue.' } },
      },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/suivi?code=7KQ2M9XD')
    expect(await screen.findByText('Une erreur interne est survenue.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument()
  })

  it('follows the report on this device under the token the phone minted, which it then keeps', async () => {
    const user = userEvent.setup()
    const followed = vi.fn()
    stubApi({
      'GET /api/reports/track/7KQ2M9XD': { status: 200, body: tracked },
      'POST /api/citizen/follows': (call) => {
        const token = call.headers.get('x-citizen-token')
        followed(call.body, token)
        return { status: 201, body: { citizenToken: token, report_id: 'r-1' } }
      },
    })
    renderRoute('/suivi?code=7KQ2M9XD')
    await user.click(await screen.findByRole('button', { name: 'Suivre sur cet appareil' }))
    expect(await screen.findByText('Ce signalement est suivi sur cet appareil.')).toBeInTheDocument()
    // Matched after the usual whitespace normalisation (the text has no-break spaces).
    expect(await screen.findByText('Ajouté à « Mes signalements »')).toBeInTheDocument()
    const minted = followed.mock.calls[0]?.[1]
    expect(followed).toHaveBeenCalledWith({ code: '7KQ2M9XD' }, expect.stringMatching(/^[A-Za-z0-9_-]{43}$/))
    expect(useCitizenDeviceStore.getState().citizenToken).toBe(minted)
    expect(screen.getByRole('link', { name: 'Voir mes signalements' })).toHaveAttribute(
      'href',
      '/mes-signalements',
    )
  })
})

describe('/suivi in English or Wolof', () => {
  const notFound = 'Aucun signalement ne correspond à ce code. Vérifiez les 8 caractères.'

  afterEach(async () => {
    await switchLanguage('fr')
  })

  it('says the server’s refusal in English, by its reason', async () => {
    await switchLanguage('en')
    stubApi({
      'GET /api/reports/track/ZZZZZZZZ': apiError(404, 'not_found', notFound, undefined, 'tracking.notFound'),
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/suivi?code=ZZZZZZZZ')
    expect(
      await screen.findByText('No report matches this code. Check the 8 characters.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(notFound)).not.toBeInTheDocument()
  })

  it('says it in Wolof', async () => {
    await switchLanguage('wo')
    stubApi({
      'GET /api/reports/track/ZZZZZZZZ': apiError(404, 'not_found', notFound, undefined, 'tracking.notFound'),
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/suivi?code=ZZZZZZZZ')
    expect(await screen.findByText('Amul benn yégle bu am kod bii. Seetal 8 araf yi.')).toBeInTheDocument()
  })

  it('says in Wolof why it refuses a code without asking the server', async () => {
    await switchLanguage('wo')
    const { fetchMock } = stubApi({})
    renderRoute('/suivi?code=ABC')
    expect(await screen.findByText('Kod bi am na 8 araf (araf ak siffar).')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows the French message of a reason no catalogue knows (a newer server’s)', async () => {
    await switchLanguage('en')
    const newer = 'Ce code a été retiré par son auteur.'
    stubApi({
      'GET /api/reports/track/ZZZZZZZZ': apiError(404, 'not_found', newer, undefined, 'tracking.withdrawn'),
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/suivi?code=ZZZZZZZZ')
    expect(await screen.findByText(newer)).toBeInTheDocument()
  })

  it('names the history’s events and statuses by their keys', async () => {
    await switchLanguage('wo')
    const resolved: TrackedReport = {
      ...tracked,
      status: 'resolu',
      history: [
        ...tracked.history,
        publicHistoryLine('status_changed', '2026-11-22T08:00:00Z', {
          from_status: 'en-cours',
          to_status: 'resolu',
        }),
        publicHistoryLine('archived', '2026-11-23T08:00:00Z'),
      ],
    }
    stubApi({ 'GET /api/reports/track/7KQ2M9XD': { status: 200, body: resolved } })
    renderRoute('/suivi?code=7KQ2M9XD')
    const history = within(await screen.findByRole('article')).getByRole('list')
    const lines = within(history)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span.font-medium')?.textContent)
    expect(lines).toEqual([
      'Yégle bi dem na',
      'Jël nañu ko',
      'Fi mu tollu soppiku na: Ñu ngi ciy liggéey → Defar nañu ko',
      // A kind this version does not know is shown as received.
      'archived',
    ])
  })
})

describe('/suivi: the category and the dates in the chosen language', () => {
  afterEach(async () => {
    await switchLanguage('fr')
  })

  it.each([
    ['en', 'Roads', 'Code:', '20 November 2026'],
    ['wo', 'Mbedd yi', 'Kod :', '20 Nowàmbar, 2026'],
  ] as const)('in %s, names the category, the code and the dates', async (language, category, code, date) => {
    await switchLanguage(language)
    stubApi({
      'GET /api/reports/track/7KQ2M9XD': { status: 200, body: tracked },
      '/api/categories': { status: 200, body: CATEGORIES },
    })
    renderRoute('/suivi?code=7KQ2M9XD')
    expect(await screen.findByRole('heading', { name: category })).toBeInTheDocument()
    const card = screen.getByRole('article')
    expect(within(card).getByText(code)).toBeInTheDocument()
    expect(within(card).getAllByText(date).length).toBeGreaterThan(0)
    expect(within(card).queryByText(/Voirie|novembre/)).not.toBeInTheDocument()
  })

  it('keeps the French name of a category without a translation', async () => {
    await switchLanguage('en')
    stubApi({
      'GET /api/reports/track/7KQ2M9XD': { status: 200, body: { ...tracked, type: 'Marchés' } },
      '/api/categories': {
        status: 200,
        body: [{ id: 9, nom: 'Marchés', translations: { en: '', wo: '' } }],
      },
    })
    renderRoute('/suivi?code=7KQ2M9XD')
    expect(await screen.findByRole('heading', { name: 'Marchés' })).toBeInTheDocument()
  })
})
