import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, pageReply, stubApi } from '../../../test/api-stub'
import { FakeEventSource, liveStreamTickets, stubEventSource } from '../../../test/event-source'
import { ORGANIZATION_STATS, organizationReport } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import { signInOrganization } from '../../../test/sessions'

beforeEach(() => {
  stubEventSource()
  signInOrganization()
})

const PATH = '/organization/available-reports'

/**
 * The page showing `items` (AAAA2222 first), with its live stream open; what the server lists
 * next is `list.items`.
 */
async function showLiveList(items: ReturnType<typeof organizationReport>[]) {
  const list = { items }
  stubApi({
    'GET /api/org/reports/available': () => pageReply(list.items, { pageSize: 8 }),
    'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
    ...liveStreamTickets(),
  })
  renderRoute(PATH)
  expect(await screen.findByText('AAAA2222')).toBeInTheDocument()
  await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1))
  const [stream] = FakeEventSource.open() as [FakeEventSource]
  return { list, stream }
}

describe('Available reports', () => {
  it('shows placeholders while loading', async () => {
    stubApi({ 'GET /api/org/reports/available': 'pending' })
    renderRoute(PATH)
    expect(await screen.findByRole('heading', { name: 'Signalements disponibles' })).toBeInTheDocument()
    expect(screen.getAllByTestId('report-card-skeleton')).toHaveLength(4)
  })

  it('shows each report with its type, status, description, place, date, code, supporters and thumbnail', async () => {
    stubApi({
      'GET /api/org/reports/available': pageReply(
        [
          organizationReport({
            type: 'Éclairage public',
            status: 'en-attente',
            description: 'Lampadaire éteint depuis deux semaines devant la pharmacie.',
            address: null,
            department: 'Pikine',
            anonymous_code: 'K7M2QX4P',
            photo_thumb_url: '/files/thumb.webp',
            photo_url: '/files/photo.webp',
            created_at: '2026-11-20T09:30:00.000Z',
            supporters_count: 4,
          }),
          organizationReport({ anonymous_code: '', status: 'etrange' }),
        ],
        { total: 2, pageSize: 8 },
      ),
    })
    renderRoute(PATH)
    expect(await screen.findByText('2 signalement(s) disponible(s)')).toBeInTheDocument()
    const [lighting, anonymous] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    expect(within(lighting).getByRole('heading', { name: 'Éclairage public' })).toBeInTheDocument()
    expect(within(lighting).getByText('En attente')).toBeInTheDocument()
    expect(
      within(lighting).getByText('Lampadaire éteint depuis deux semaines devant la pharmacie.'),
    ).toBeInTheDocument()
    // No address: the commune it lies in and its coordinates, for a crew to find it.
    expect(within(lighting).getByText('Gueule Tapée-Fass-Colobane (14.69280, -17.44670)')).toBeInTheDocument()
    expect(within(lighting).getByText('20 novembre 2026')).toBeInTheDocument()
    expect(within(lighting).getByText('K7M2QX4P')).toBeInTheDocument()
    // "Moi aussi": four more citizens have the same problem.
    expect(within(lighting).getByText('4 soutiens')).toBeInTheDocument()
    expect(
      within(lighting).getByRole('img', { name: 'Photo du signalement «\u202fÉclairage public\u202f»' }),
    ).toHaveAttribute('src', '/files/thumb.webp')
    expect(within(anonymous).getAllByText('Anonyme').length).toBeGreaterThan(0)
    // An unknown status shows as "En attente".
    expect(within(anonymous).getByText('En attente')).toBeInTheDocument()
  })

  it('shows each report’s commune, in its card and dialogs, or "Hors du département"', async () => {
    stubApi({
      'GET /api/org/reports/available': pageReply(
        [
          organizationReport({ anonymous_code: 'MEDI2345', area: { id: 3, name: 'Médina' } }),
          organizationReport({ anonymous_code: 'HORS2345', area: null }),
        ],
        { pageSize: 8 },
      ),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    expect(await screen.findByText('MEDI2345')).toBeInTheDocument()
    const [medina, outside] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    // Written as French does, with a narrow no-break space before the colon.
    expect(within(medina).getByText('Commune : Médina')).toHaveTextContent('Commune\u202f: Médina', {
      normalizeWhitespace: false,
    })
    expect(within(outside).getByText('Hors du département')).toBeInTheDocument()
    expect(within(outside).queryByText(/Commune/)).toBeNull()

    await user.click(within(medina).getByRole('button', { name: 'Voir le signalement MEDI2345' }))
    const details = await screen.findByRole('dialog', { name: 'Détails du signalement' })
    expect(within(details).getByText('Commune : Médina')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(screen.getByRole('button', { name: 'Prendre en charge le signalement HORS2345' }))
    const claim = await screen.findByRole('dialog', { name: 'Prendre en charge ce signalement\u202f?' })
    expect(within(claim).getByText('Hors du département')).toBeInTheDocument()
  })

  it('says of a report by SMS that its place is its commune’s, and that it came by SMS', async () => {
    stubApi({
      'GET /api/org/reports/available': pageReply(
        [
          organizationReport({
            anonymous_code: 'SMS23456',
            area: { id: 3, name: 'Médina' },
            channel: 'sms',
            location_precision: 'commune',
            address: null,
          }),
        ],
        { pageSize: 8 },
      ),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    const [card] = (await screen.findAllByRole('article')) as [HTMLElement]
    expect(within(card).getByText('Position approximative (commune de Médina)')).toBeInTheDocument()
    expect(within(card).getByText('Signalé par SMS')).toBeInTheDocument()
    expect(within(card).queryByText(/Commune\u202f:/)).toBeNull()
    await user.click(within(card).getByRole('button', { name: 'Voir le signalement SMS23456' }))
    const details = await screen.findByRole('dialog', { name: 'Détails du signalement' })
    expect(within(details).getByText('Position approximative (commune de Médina)')).toBeInTheDocument()
    expect(within(details).getByText('Signalé par SMS')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    // The claim's confirmation names the place as approximate too.
    await user.click(within(card).getByRole('button', { name: 'Prendre en charge le signalement SMS23456' }))
    const claim = await screen.findByRole('dialog', { name: 'Prendre en charge ce signalement\u202f?' })
    expect(within(claim).getByText('Position approximative (commune de Médina)')).toBeInTheDocument()
    expect(within(claim).getByText('Signalé par SMS')).toBeInTheDocument()
  })

  it('marks a report past its claim target "En retard", in its card, its details and its claim', async () => {
    stubApi({
      'GET /api/org/reports/available': pageReply(
        [
          organizationReport({ anonymous_code: 'LATE2345', overdue: 'claim' }),
          organizationReport({ anonymous_code: 'TIME2345', overdue: null }),
        ],
        { pageSize: 8 },
      ),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    expect(await screen.findByText('LATE2345')).toBeInTheDocument()
    const [late, onTime] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    const badge = within(late).getByRole('img', { name: 'Prise en charge en retard' })
    expect(badge).toHaveTextContent('En retard')
    expect(badge).toHaveAttribute('title', 'Prise en charge en retard')
    expect(within(onTime).queryByText('En retard')).toBeNull()

    await user.click(within(late).getByRole('button', { name: 'Voir le signalement LATE2345' }))
    const details = await screen.findByRole('dialog', { name: 'Détails du signalement' })
    expect(within(details).getByRole('img', { name: 'Prise en charge en retard' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(screen.getByRole('button', { name: 'Prendre en charge le signalement LATE2345' }))
    const claim = await screen.findByRole('dialog', { name: 'Prendre en charge ce signalement\u202f?' })
    expect(within(claim).getByRole('img', { name: 'Prise en charge en retard' })).toBeInTheDocument()
  })

  it('shows the late reports only on request, kept in the address, back on the first page', async () => {
    const api = stubApi({
      'GET /api/org/reports/available': ({ search }) =>
        search.get('overdue')
          ? pageReply([organizationReport({ description: 'En retard seulement', overdue: 'claim' })], {
              pageSize: 8,
            })
          : pageReply([organizationReport({ description: `Page ${search.get('page')}` })], {
              total: 17,
              page: Number(search.get('page')),
              pageSize: 8,
            }),
    })
    const user = userEvent.setup()
    const { router } = renderRoute(PATH)
    expect(await screen.findByText('Page 1 / 3')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(await screen.findByText('Page 2 / 3')).toBeInTheDocument()

    const overdueOnly = screen.getByRole('checkbox', { name: 'En retard seulement' })
    expect(overdueOnly).not.toBeChecked()
    await user.click(overdueOnly)
    expect(await screen.findByText('En retard seulement', { selector: 'p' })).toBeInTheDocument()
    const last = () =>
      Object.fromEntries(api.callsTo('GET', '/api/org/reports/available').at(-1)?.search ?? [])
    expect(last()).toEqual({ page: '1', overdue: '1' })
    expect(router.state.location.search).toBe('?retard=1')
    expect(screen.getByRole('checkbox', { name: 'En retard seulement' })).toBeChecked()

    await user.click(screen.getByRole('checkbox', { name: 'En retard seulement' }))
    await waitFor(() => expect(last().overdue).toBeUndefined())
    expect(await screen.findByText(/^Page \d \/ 3$/)).toBeInTheDocument()
    expect(router.state.location.search).toBe('')
  })

  it('reads "En retard seulement" from its address on a reload, and asks for it at once', async () => {
    const api = stubApi({ 'GET /api/org/reports/available': pageReply([], { pageSize: 8 }) })
    renderRoute(`${PATH}?retard=1`)
    // Nothing late: no match for the filter, not "nothing to claim".
    expect(await screen.findByText('Aucun signalement trouvé')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'En retard seulement' })).toBeChecked()
    const calls = api.callsTo('GET', '/api/org/reports/available')
    expect(calls.map((call) => call.search.get('overdue'))).toEqual(calls.map(() => '1'))
  })

  it('says when there is nothing to claim, and when a search finds nothing', async () => {
    stubApi({ 'GET /api/org/reports/available': pageReply([], { pageSize: 8 }) })
    const user = userEvent.setup()
    renderRoute(PATH)
    expect(await screen.findByText('Aucun signalement disponible')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'lampadaire')
    expect(await screen.findByText('Aucun signalement trouvé')).toBeInTheDocument()
  })

  it('searches on the server once typing pauses, and pages 8 at a time', async () => {
    const api = stubApi({
      'GET /api/org/reports/available': ({ search }) => {
        const page = Number(search.get('page'))
        const q = search.get('q')
        if (q)
          return pageReply([organizationReport({ description: `Résultat pour ${q}` })], {
            total: 1,
            pageSize: 8,
          })
        return pageReply([organizationReport({ description: `Page ${page}` })], {
          total: 17,
          page: page,
          pageSize: 8,
        })
      },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    expect(await screen.findByText('Page 1 / 3')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(await screen.findByText('Page 2')).toBeInTheDocument()
    expect(screen.getByText('Page 2 / 3')).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'Médina')
    expect(await screen.findByText('Résultat pour Médina')).toBeInTheDocument()
    const searches = api.callsTo('GET', '/api/org/reports/available').filter((c) => c.search.get('q'))
    // Debounced: one request for the whole word, on page 1.
    expect(searches.map((c) => [c.search.get('q'), c.search.get('page')])).toEqual([['Médina', '1']])
  })

  it('says "Plus de 1 000" for a search past the count, and pages on with its cursors', async () => {
    // The server's search: pages of 8, counted up to 1 000, each with the cursors to its neighbours.
    const api = stubApi({
      'GET /api/org/reports/available': ({ search }) => {
        const page = Number(search.get('page'))
        if (!search.get('q')) return pageReply([], { pageSize: 8 })
        return pageReply(
          Array.from({ length: 8 }, () => organizationReport({ description: `Résultat de la page ${page}` })),
          {
            total: 1000,
            totalCapped: true,
            page,
            pageSize: 8,
            next: `vers-${page + 1}`,
            previous: `vers-${page - 1}`,
          },
        )
      },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    await user.type(await screen.findByRole('searchbox', { name: 'Rechercher' }), 'rue')
    // Testing Library reads every space as a plain one; the figure is grouped as French writes it.
    const count = await screen.findByText('Plus de 1 000 signalements disponibles')
    expect(count).toHaveTextContent('Plus de 1\u202f000 signalements disponibles', {
      normalizeWhitespace: false,
    })
    expect(screen.getByText('Page 1 sur plus de 125')).toBeInTheDocument()
    const lastCall = () => {
      const { search } = api.callsTo('GET', '/api/org/reports/available').at(-1) ?? {}
      return Object.fromEntries(search ?? [])
    }

    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(await screen.findByText('Page 2 sur plus de 125')).toBeInTheDocument()
    expect(screen.getAllByText('Résultat de la page 2')).toHaveLength(8)
    expect(lastCall()).toEqual({ q: 'rue', page: '2', after: 'vers-2' })

    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(await screen.findByText('Page 3 sur plus de 125')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Précédent' }))
    expect(await screen.findByText('Page 2 sur plus de 125')).toBeInTheDocument()
    expect(lastCall()).toEqual({ q: 'rue', page: '2', before: 'vers-2' })
    // Page 1 is the search's start: it needs no cursor.
    await user.click(screen.getByRole('button', { name: 'Précédent' }))
    expect(await screen.findByText('Page 1 sur plus de 125')).toBeInTheDocument()
    expect(lastCall()).toEqual({ q: 'rue', page: '1' })
  })

  it('shows the details, the photo and the voice note in the "Voir" dialog', async () => {
    stubApi({
      'GET /api/org/reports/available': pageReply(
        [
          organizationReport({
            anonymous_code: 'K7M2QX4P',
            description: 'Caniveau bouché.',
            priority: 'urgent',
            photo_url: '/files/photo.webp',
            audio_url: '/files/note.webm',
          }),
        ],
        { pageSize: 8 },
      ),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    await user.click(await screen.findByRole('button', { name: 'Voir le signalement K7M2QX4P' }))
    const dialog = await screen.findByRole('dialog', { name: 'Détails du signalement' })
    expect(within(dialog).getByText('Code : K7M2QX4P')).toBeInTheDocument()
    expect(within(dialog).getByText('Caniveau bouché.')).toBeInTheDocument()
    expect(within(dialog).getByText('Urgent')).toBeInTheDocument()
    expect(within(dialog).getByRole('img', { name: /^Photo/ })).toHaveAttribute('src', '/files/photo.webp')
    expect(dialog.querySelector('audio')).toHaveAttribute('src', '/files/note.webm')
    // Where it is, for the crew: the map, the coordinates and the way there.
    expect(
      within(dialog).getByRole('figure', { name: 'Carte de l’emplacement du signalement' }),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('14.69280, -17.44670')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: /Itinéraire.*téléphone/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^geo:14\.69280,-17\.44670\?q=/),
    )
  })

  it('claims a report after confirmation', async () => {
    const report = organizationReport({ anonymous_code: 'K7M2QX4P' })
    let claimed = false
    const api = stubApi({
      'GET /api/org/reports/available': () => pageReply(claimed ? [] : [report], { pageSize: 8 }),
      [`POST /api/org/reports/${report.id}/claim`]: () => {
        claimed = true
        return { status: 200, body: { ...report, status: 'en-cours' } }
      },
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    await user.click(await screen.findByRole('button', { name: 'Prendre en charge le signalement K7M2QX4P' }))
    const dialog = await screen.findByRole('dialog', { name: 'Prendre en charge ce signalement\u202f?' })
    expect(api.callsTo('POST', `/api/org/reports/${report.id}/claim`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Prendre en charge' }))
    expect(await screen.findByText('Signalement pris en charge')).toBeInTheDocument()
    expect(await screen.findByText('Aucun signalement disponible')).toBeInTheDocument()
    expect(api.callsTo('POST', `/api/org/reports/${report.id}/claim`)).toHaveLength(1)
  })

  it('shows the server’s text when another organisation won the report, and refreshes the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const report = organizationReport({ anonymous_code: 'K7M2QX4P' })
    const api = stubApi({
      'GET /api/org/reports/available': pageReply([report], { pageSize: 8 }),
      [`POST /api/org/reports/${report.id}/claim`]: apiError(
        409,
        'conflict',
        'Ce signalement a été pris en charge par une autre organisation entre-temps',
      ),
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    await user.click(await screen.findByRole('button', { name: 'Prendre en charge le signalement K7M2QX4P' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Prendre en charge' }),
    )
    expect(
      await screen.findByText('Ce signalement a été pris en charge par une autre organisation entre-temps'),
    ).toBeInTheDocument()
    await waitFor(() => expect(api.callsTo('GET', '/api/org/reports/available')).toHaveLength(2))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('closes the confirmation as soon as another organisation takes the report, saying so', async () => {
    const report = organizationReport({ anonymous_code: 'RACE2345' })
    const other = organizationReport({ anonymous_code: 'OTHR2345' })
    let items = [report, other]
    const api = stubApi({
      ...liveStreamTickets(),
      'GET /api/org/reports/available': () => pageReply(items, { pageSize: 8 }),
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    await user.click(await screen.findByRole('button', { name: 'Prendre en charge le signalement RACE2345' }))
    await screen.findByRole('dialog', { name: 'Prendre en charge ce signalement\u202f?' })
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1))
    const [stream] = FakeEventSource.open() as [FakeEventSource]
    // News of another report, or of this one still free, leaves the dialog open.
    act(() =>
      stream.emit('reports.changed', { type: 'reports.changed', reportId: other.id, organizationId: 'x' }),
    )
    act(() => stream.emit('reports.changed', { type: 'reports.changed', reportId: report.id }))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    items = [other]
    act(() =>
      stream.emit('reports.changed', {
        type: 'reports.changed',
        reportId: report.id,
        organizationId: 'other-org',
      }),
    )
    expect(
      await screen.findByText('Ce signalement a déjà été pris en charge par une autre organisation'),
    ).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.queryByText('RACE2345')).not.toBeInTheDocument())
    expect(api.callsTo('POST', `/api/org/reports/${report.id}/claim`)).toHaveLength(0)
  })

  it('updates live: a report filed or claimed elsewhere enters or leaves the list without a reload', async () => {
    const first = organizationReport({ anonymous_code: 'AAAA2222' })
    const filed = organizationReport({ anonymous_code: 'BBBB3333' })
    const { list, stream } = await showLiveList([first])
    list.items = [filed, first]
    act(() => stream.emit('reports.changed', { type: 'reports.changed', reportId: filed.id }))
    expect(await screen.findByText('BBBB3333')).toBeInTheDocument()
    list.items = [filed]
    act(() =>
      stream.emit('reports.changed', {
        type: 'reports.changed',
        reportId: first.id,
        organizationId: 'other',
      }),
    )
    await waitFor(() => expect(screen.queryByText('AAAA2222')).not.toBeInTheDocument())
  })

  it('asks again for the list when its stream comes back after a cut, since the events of the gap are lost', async () => {
    const first = organizationReport({ anonymous_code: 'AAAA2222' })
    const filedDuringTheCut = organizationReport({ anonymous_code: 'BBBB3333' })
    const { list, stream } = await showLiveList([first])
    act(() => stream.emit('open', {}))
    list.items = [filedDuringTheCut, first]
    // The browser reconnects by itself: the same stream opens a second time.
    act(() => stream.emit('open', {}))
    expect(await screen.findByText('BBBB3333')).toBeInTheDocument()
  })

  it('says when the list cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail = true
    stubApi({
      'GET /api/org/reports/available': () =>
        fail ? 'offline' : pageReply([organizationReport({ anonymous_code: 'CCCC4444' })], { pageSize: 8 }),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    expect(await screen.findByText('Impossible de charger les signalements')).toBeInTheDocument()
    expect(screen.getByText('Erreur de connexion. Vérifiez votre internet.')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByText('CCCC4444')).toBeInTheDocument()
  })

  it('links to the managed reports', async () => {
    stubApi({ 'GET /api/org/reports/available': pageReply([], { pageSize: 8 }) })
    renderRoute(PATH)
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('link', { name: 'Mes signalements' })).toHaveAttribute(
      'href',
      '/organization/managed-reports',
    )
  })
})
