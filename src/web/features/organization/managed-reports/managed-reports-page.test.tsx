import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, pageReply, stubApi } from '../../../test/api-stub'
import { stubEventSource } from '../../../test/event-source'
import { ORGANIZATION_STATS, organizationReport } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import {
  ORGANIZATION_ID,
  ORGANIZATION_USER,
  organizationSession,
  signInOrganization,
} from '../../../test/sessions'

beforeEach(() => {
  stubEventSource()
  signInOrganization()
})

const PATH = '/organization/managed-reports'
const managed = (overrides: Parameters<typeof organizationReport>[0] = {}) =>
  organizationReport({
    status: 'en-cours',
    assigned_organization_id: ORGANIZATION_ID,
    claimed_at: '2026-11-23T08:00:00.000Z',
    ...overrides,
  })

describe('Managed reports', () => {
  it('shows the count cards and the reports, each with its status select', async () => {
    stubApi({
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      'GET /api/org/reports/managed': pageReply([managed({ anonymous_code: 'K7M2QX4P' })], { pageSize: 8 }),
    })
    renderRoute(PATH)
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes signalements' })).toBeInTheDocument()
    const cards = screen.getByRole('region', { name: 'Mes signalements' })
    await waitFor(() => expect(within(cards).getByText('Total').parentElement).toHaveTextContent('12'))
    expect(within(cards).getByText('En attente').parentElement).toHaveTextContent('3')
    expect(within(cards).getByText('En cours').parentElement).toHaveTextContent('4')
    expect(within(cards).getByText('Résolus').parentElement).toHaveTextContent('5')
    const card = await screen.findByRole('article')
    expect(within(card).getByText('Pris en charge le 23 novembre 2026')).toBeInTheDocument()
    expect(within(card).getByText('Commune : Médina')).toBeInTheDocument()
    const select = within(card).getByRole('combobox', { name: 'Statut du signalement K7M2QX4P' })
    expect(select).toHaveValue('en-cours')
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['En attente', 'En cours', 'Résolu'])
  })

  it('says when nothing is managed yet, with a way to the available reports', async () => {
    stubApi({
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      'GET /api/org/reports/managed': pageReply([], { pageSize: 8 }),
    })
    renderRoute(PATH)
    expect(await screen.findByText('Aucun signalement pris en charge')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voir les signalements disponibles' })).toHaveAttribute(
      'href',
      '/organization/available-reports',
    )
  })

  it('filters by status and searches on the server, back to page 1', async () => {
    const api = stubApi({
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      'GET /api/org/reports/managed': ({ search }) =>
        pageReply(
          [
            managed({
              description: `statut ${search.get('status') ?? 'tous'} q ${search.get('q') ?? ''}`,
            }),
          ],
          { total: 20, page: Number(search.get('page')), pageSize: 8 },
        ),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    expect(await screen.findByText('Page 1 / 3')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(await screen.findByText('Page 2 / 3')).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrer par statut' }), 'Résolu')
    expect(await screen.findByText('statut resolu q')).toBeInTheDocument()
    expect(screen.getByText('Page 1 / 3')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'Pikine')
    expect(await screen.findByText('statut resolu q Pikine')).toBeInTheDocument()
    const last = api.callsTo('GET', '/api/org/reports/managed').at(-1)
    expect(Object.fromEntries(last?.search ?? [])).toEqual({ page: '1', status: 'resolu', q: 'Pikine' })
  })

  it('marks a report past its resolve target "En retard", in its card and its details', async () => {
    stubApi({
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      'GET /api/org/reports/managed': pageReply(
        [
          managed({ anonymous_code: 'LATE2345', overdue: 'resolve' }),
          managed({ anonymous_code: 'TIME2345', overdue: null }),
        ],
        { pageSize: 8 },
      ),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    expect(await screen.findByText('LATE2345')).toBeInTheDocument()
    const [late, onTime] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    const badge = within(late).getByRole('img', { name: 'Résolution en retard' })
    expect(badge).toHaveTextContent('En retard')
    expect(badge).toHaveAttribute('title', 'Résolution en retard')
    expect(within(onTime).queryByText('En retard')).toBeNull()

    await user.click(within(late).getByRole('button', { name: 'Voir le signalement LATE2345' }))
    const details = await screen.findByRole('dialog', { name: 'Détails du signalement' })
    expect(within(details).getByRole('img', { name: 'Résolution en retard' })).toBeInTheDocument()
  })

  it('shows the late reports only on request, with the other filters, kept in the address', async () => {
    const api = stubApi({
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      'GET /api/org/reports/managed': ({ search }) =>
        pageReply([managed({ description: `retard ${search.get('overdue') ?? 'non'}` })], { pageSize: 8 }),
    })
    const user = userEvent.setup()
    const { router } = renderRoute(PATH)
    expect(await screen.findByText('retard non')).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrer par statut' }), 'En cours')
    await user.click(screen.getByRole('checkbox', { name: 'En retard seulement' }))
    expect(await screen.findByText('retard 1')).toBeInTheDocument()
    // The list's own request (the page's initial data, read from the address, asks too).
    const asked = api
      .callsTo('GET', '/api/org/reports/managed')
      .map((call) => Object.fromEntries(call.search))
    expect(asked).toContainEqual({ page: '1', status: 'en-cours', overdue: '1' })
    expect(router.state.location.search).toBe('?retard=1')
  })

  it('reads "En retard seulement" from its address on a reload', async () => {
    const api = stubApi({
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      'GET /api/org/reports/managed': pageReply([], { pageSize: 8 }),
    })
    renderRoute(`${PATH}?retard=1`)
    expect(await screen.findByText('Aucun signalement trouvé')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'En retard seulement' })).toBeChecked()
    const calls = api.callsTo('GET', '/api/org/reports/managed')
    expect(calls.map((call) => call.search.get('overdue'))).toEqual(calls.map(() => '1'))
  })

  it('changes a status: "Statut mis à jour"', async () => {
    const report = managed({ anonymous_code: 'K7M2QX4P' })
    let status = 'en-cours'
    const api = stubApi({
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      'GET /api/org/reports/managed': () => pageReply([{ ...report, status }], { pageSize: 8 }),
      [`PATCH /api/org/reports/${report.id}`]: ({ body }) => {
        status = (body as { status: string }).status
        return { status: 200, body: { ...report, status } }
      },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    const select = await screen.findByRole('combobox', { name: 'Statut du signalement K7M2QX4P' })
    // "Résolu" tells the citizen: asked first, and "Annuler" leaves the report as it was.
    await user.selectOptions(select, 'Résolu')
    const confirmation = await screen.findByRole('dialog', {
      name: 'Marquer ce signalement comme résolu\u202f?',
    })
    expect(confirmation).toHaveTextContent('La personne qui l’a signalé en sera prévenue')
    await user.click(within(confirmation).getByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(select).toHaveValue('en-cours')
    expect(api.callsTo('PATCH', `/api/org/reports/${report.id}`)).toEqual([])

    await user.selectOptions(select, 'Résolu')
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Marquer comme résolu' }),
    )
    expect(await screen.findByText('Statut mis à jour')).toBeInTheDocument()
    expect(api.callsTo('PATCH', `/api/org/reports/${report.id}`)[0]?.body).toEqual({ status: 'resolu' })
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Statut du signalement K7M2QX4P' })).toHaveValue('resolu'),
    )
    expect(within(screen.getByRole('article')).getByText('Résolu', { selector: 'span' })).toBeInTheDocument()
  })

  it('says "Impossible de mettre à jour le statut" when the change fails, keeping the old status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const report = managed({ anonymous_code: 'K7M2QX4P' })
    stubApi({
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      'GET /api/org/reports/managed': pageReply([report], { pageSize: 8 }),
      [`PATCH /api/org/reports/${report.id}`]: apiError(
        403,
        'forbidden',
        'Ce signalement n’est pas géré par votre organisation.',
      ),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Statut du signalement K7M2QX4P' }),
      'En attente',
    )
    expect(await screen.findByText('Impossible de mettre à jour le statut')).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Statut du signalement K7M2QX4P' })).toHaveValue(
        'en-cours',
      ),
    )
  })

  it('says when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      'GET /api/org/reports/managed': apiError(500, 'internal', 'Une erreur interne est survenue.'),
    })
    renderRoute(PATH)
    expect(await screen.findByText('Impossible de charger les signalements')).toBeInTheDocument()
  })
})

describe('Managed reports handed to members (issue 29)', () => {
  const AGENT = { id: '0b6a1f7e-6a3c-4c1e-9d2a-0000000000a2', name: 'Moussa Diop', email: 'moussa@mairie.sn' }

  it('lets a responsable hand a report to an active member, and filter the reports handed to nobody', async () => {
    const report = managed({ anonymous_code: 'K7M2QX4P' })
    const api = stubApi({
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      'GET /api/org/reports/managed': pageReply([report], { pageSize: 8 }),
      'GET /api/org/members': {
        status: 200,
        body: {
          items: [
            { ...AGENT, role: 'agent', status: 'active', last_login: null },
            {
              id: 'x',
              name: 'Fatou Sow',
              email: 'f@m.sn',
              role: 'agent',
              status: 'disabled',
              last_login: null,
            },
          ],
        },
      },
      [`PATCH /api/org/reports/${report.id}`]: {
        status: 200,
        body: { ...report, assignee: { id: AGENT.id, name: AGENT.name } },
      },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    const select = await screen.findByRole('combobox', {
      name: 'Membre à qui confier le signalement K7M2QX4P',
    })
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Personne', 'Moussa Diop']),
    )
    await user.selectOptions(select, 'Moussa Diop')
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/api/org/reports/${report.id}`)[0]?.body).toEqual({
        assignee_id: AGENT.id,
      }),
    )
    expect(await screen.findByText('Signalement confié')).toBeInTheDocument()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Confiés à' }), 'Personne')
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/org/reports/managed').at(-1)?.search.get('assignee')).toBe('none'),
    )
  })

  it('shows an agent who each report is handed to, and lets them change only their own', async () => {
    signInOrganization(
      organizationSession({ user: { ...ORGANIZATION_USER, member: { ...AGENT, role: 'agent' } } }),
    )
    stubApi({
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      'GET /api/org/reports/managed': pageReply(
        [
          managed({ anonymous_code: 'MINE0001', assignee: { id: AGENT.id, name: AGENT.name } }),
          managed({ anonymous_code: 'AWA00002', assignee: { id: 'awa', name: 'Awa Ndiaye' } }),
        ],
        { pageSize: 8 },
      ),
    })
    renderRoute(PATH)
    const [mine, other] = await screen.findAllByRole('article')
    expect(mine).toHaveTextContent('Confié à Moussa Diop')
    expect(
      within(mine as HTMLElement).getByRole('combobox', { name: 'Statut du signalement MINE0001' }),
    ).toBeEnabled()
    expect(other).toHaveTextContent('Confié à Awa Ndiaye')
    const locked = within(other as HTMLElement).getByRole('combobox', {
      name: 'Statut du signalement AWA00002',
    })
    expect(locked).toBeDisabled()
    expect(locked).toHaveAccessibleDescription(
      'Seul le membre à qui il est confié, ou un responsable, change son statut.',
    )
    expect(screen.queryByRole('combobox', { name: /Membre à qui confier/ })).not.toBeInTheDocument()
  })
})
