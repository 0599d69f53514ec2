import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminReportDetail } from '../../../../domain/admin'
import { type ApiCall, apiError, pageReply, stubApi } from '../../../test/api-stub'
import { AREAS, adminReport } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import { signInAsAdmin } from '../../../test/sessions'

beforeEach(() => signInAsAdmin())

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/admin/reports')

/** The API of these tests, with the communes the list's filter offers. */
const stubAdminApi = (replies: Parameters<typeof stubApi>[0]) =>
  stubApi({ '/api/areas': { status: 200, body: AREAS }, ...replies })

describe('Admin report management', () => {
  it('lists the reports as cards with their count, badges, place, date and code', async () => {
    stubAdminApi({
      '/api/admin/reports': pageReply(
        [
          adminReport({
            type: 'Éclairage public',
            description: 'Lampadaire éteint depuis deux semaines devant la pharmacie.',
            status: 'en-cours',
            priority: 'high',
            address: 'Rue 10, Plateau',
            anonymous_code: 'ABCD2345',
          }),
          adminReport({ anonymous_code: '', status: 'archive-inconnu', priority: 'x', area: null }),
        ],
        { total: 12 },
      ),
    })
    renderRoute('/admin/reports')
    expect(await screen.findByRole('heading', { name: 'Gestion des signalements' })).toBeInTheDocument()
    expect(await screen.findByText('12 signalement(s) trouvé(s)')).toBeInTheDocument()
    const [lighting, other] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    expect(within(lighting).getByRole('heading', { name: 'Éclairage public' })).toBeInTheDocument()
    expect(within(lighting).getByText('En cours')).toBeInTheDocument()
    expect(within(lighting).getByText('Élevé')).toBeInTheDocument()
    expect(
      within(lighting).getByText('Lampadaire éteint depuis deux semaines devant la pharmacie.'),
    ).toHaveClass('line-clamp-2')
    expect(lighting).toHaveTextContent('Rue 10, Plateau')
    expect(lighting).toHaveTextContent('22 novembre 2026')
    expect(lighting).toHaveTextContent('ABCD2345')
    expect(within(lighting).getByText('Commune : Médina')).toBeInTheDocument()
    expect(within(lighting).getByRole('button', { name: 'Voir le signalement ABCD2345' })).toBeInTheDocument()
    // Unknown status and priority read as "En attente" and "Normal"; no address: its commune and
    // coordinates; no code.
    expect(within(other).getByText('En attente')).toBeInTheDocument()
    expect(within(other).getByText('Normal')).toBeInTheDocument()
    expect(other).toHaveTextContent('Gueule Tapée-Fass-Colobane (14.69000, -17.44000)')
    expect(other).toHaveTextContent('Anonyme')
    // A point the server found outside the department of Dakar.
    expect(within(other).getByText('Hors du département')).toBeInTheDocument()
    expect(screen.getByText('Page 1 / 2')).toBeInTheDocument()
  })

  it('asks the server again with the search, the filters and the page', async () => {
    const { calls } = stubAdminApi({
      '/api/admin/reports': (call) =>
        pageReply([adminReport()], { total: call.url.includes('status=resolu') ? 1 : 25 }),
    })
    renderRoute('/admin/reports')
    const user = userEvent.setup()
    await screen.findByText('25 signalement(s) trouvé(s)')
    await user.click(screen.getByRole('button', { name: /Suivant/ }))
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?page=2'))
    expect(await screen.findByText('Page 2 / 3')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Statut'), 'resolu')
    await user.selectOptions(screen.getByLabelText('Priorité'), 'urgent')
    await user.type(screen.getByLabelText('Rechercher'), 'Médina')
    // Typing is debounced: one request for the whole word, back on the first page.
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        `/api/admin/reports?q=${encodeURIComponent('Médina')}&status=resolu&priority=urgent`,
      ),
    )
    expect(listCalls(calls).filter((call) => call.url.includes('q=M%C3%A9d&'))).toHaveLength(0)
    expect(await screen.findByText('1 signalement(s) trouvé(s)')).toBeInTheDocument()
  })

  it('keeps its filters and page in the address, for a reload and "back"', async () => {
    const { calls } = stubAdminApi({
      '/api/admin/reports': (call) =>
        pageReply([adminReport()], { total: call.url.includes('page=2') ? 25 : 1 }),
    })
    // A reload of a filtered page: the same filters, the same page.
    const { router } = renderRoute('/admin/reports?statut=resolu&priorite=urgent&q=M%C3%A9dina&page=2')
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        `/api/admin/reports?q=${encodeURIComponent('Médina')}&status=resolu&priority=urgent&page=2`,
      ),
    )
    expect(await screen.findByLabelText('Statut')).toHaveValue('resolu')
    expect(screen.getByLabelText('Priorité')).toHaveValue('urgent')
    expect(screen.getByLabelText('Rechercher')).toHaveValue('Médina')

    // A filter changed: written in the address, back to the first page.
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Statut'), 'en-cours')
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('statut')).toBe('en-cours'),
    )
    const address = new URLSearchParams(router.state.location.search)
    expect(address.get('q')).toBe('Médina')
    expect(address.get('page')).toBeNull()

    // "Back" to another address shows its own search in the field.
    await act(() => router.navigate('/admin/reports?q=Pikine'))
    await waitFor(() => expect(screen.getByLabelText('Rechercher')).toHaveValue('Pikine'))
    expect(screen.getByLabelText('Statut')).toHaveValue('all')
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?q=Pikine'))
  })

  it('filters by commune, in the address and in the export', async () => {
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '')
    })
    const { calls } = stubAdminApi({
      '/api/admin/reports': pageReply([adminReport()]),
      'POST /api/admin/reports/export-link': {
        status: 200,
        body: { url: '/api/admin/reports/export-download?token=abc', expiresAt: '2026-11-22T10:01:00Z' },
      },
    })
    const { router } = renderRoute('/admin/reports?statut=resolu&page=2')
    const user = userEvent.setup()
    const area = await screen.findByLabelText('Commune')
    expect(area).toHaveValue('all')
    // "Toutes les communes", then the 19 communes of the department.
    await waitFor(() => expect(within(area).getAllByRole('option')).toHaveLength(20))
    expect(within(area).getAllByRole('option')[0]).toHaveTextContent('Toutes les communes')

    await user.selectOptions(area, 'Médina')
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?status=resolu&area=3'))
    const address = new URLSearchParams(router.state.location.search)
    expect([address.get('commune'), address.get('statut'), address.get('page')]).toEqual([
      '3',
      'resolu',
      null,
    ])
    await user.click(screen.getByRole('button', { name: 'Exporter' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ status: 'resolu', area: 3 })

    // "Toutes les communes" takes the filter out of the address.
    await user.selectOptions(area, 'Toutes les communes')
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?status=resolu'))
    expect(new URLSearchParams(router.state.location.search).get('commune')).toBeNull()
  })

  it('marks each late report "En retard", saying which target it missed, in its card and its detail', async () => {
    const unclaimed = adminReport({ anonymous_code: 'CLAI2345', overdue: 'claim' })
    const unresolved = adminReport({ anonymous_code: 'RESO2345', status: 'en-cours', overdue: 'resolve' })
    const onTime = adminReport({ anonymous_code: 'TIME2345', overdue: null })
    stubAdminApi({
      '/api/admin/reports': pageReply([unclaimed, unresolved, onTime]),
      [`/api/admin/reports/${unresolved.id}`]: {
        status: 200,
        body: { ...unresolved, history: [], notifications: [] },
      },
      [`/api/admin/reports/${unresolved.id}/eligible-organizations`]: { status: 200, body: { items: [] } },
    })
    renderRoute('/admin/reports')
    await screen.findByText('CLAI2345')
    const [first, second, third] = screen.getAllByRole('article') as [HTMLElement, HTMLElement, HTMLElement]
    const claim = within(first).getByRole('img', { name: 'Prise en charge en retard' })
    expect(claim).toHaveTextContent('En retard')
    expect(claim).toHaveAttribute('title', 'Prise en charge en retard')
    expect(within(second).getByRole('img', { name: 'Résolution en retard' })).toHaveTextContent('En retard')
    expect(within(third).queryByText('En retard')).toBeNull()

    await userEvent.setup().click(screen.getByRole('button', { name: 'Voir le signalement RESO2345' }))
    const dialog = await screen.findByRole('dialog', { name: 'Détails du signalement' })
    expect(await within(dialog).findByRole('img', { name: 'Résolution en retard' })).toHaveAttribute(
      'title',
      'Résolution en retard',
    )
  })

  it('filters the late reports, in the address and in the export', async () => {
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '')
    })
    const { calls } = stubAdminApi({
      '/api/admin/reports': pageReply([adminReport()]),
      'POST /api/admin/reports/export-link': {
        status: 200,
        body: { url: '/api/admin/reports/export-download?token=abc', expiresAt: '2026-11-22T10:01:00Z' },
      },
    })
    const { router } = renderRoute('/admin/reports?priorite=high&page=2')
    const user = userEvent.setup()
    const late = await screen.findByLabelText('Délai')
    expect(late).toHaveValue('all')
    expect(
      within(late)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les délais', 'En retard', 'Prise en charge en retard', 'Résolution en retard'])
    const address = () => new URLSearchParams(router.state.location.search)

    await user.selectOptions(late, 'Résolution en retard')
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?priority=high&overdue=resolve'),
    )
    expect([address().get('retard'), address().get('priorite'), address().get('page')]).toEqual([
      'resolve',
      'high',
      null,
    ])
    await user.selectOptions(late, 'En retard')
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?priority=high&overdue=1'),
    )
    expect(address().get('retard')).toBe('1')
    await user.click(screen.getByRole('button', { name: 'Exporter' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ priority: 'high', overdue: '1' })

    // "Tous les délais" takes the filter out of the address.
    await user.selectOptions(late, 'Tous les délais')
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?priority=high'))
    expect(address().get('retard')).toBeNull()
  })

  it('opens filtered from the dashboard’s "À attribuer" link, and ignores a lateness it does not know', async () => {
    const { calls } = stubAdminApi({ '/api/admin/reports': pageReply([adminReport()]) })
    const { router } = renderRoute('/admin/reports?statut=en-attente&retard=1')
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?status=en-attente&overdue=1'),
    )
    await waitFor(() => expect(screen.getByLabelText('Délai')).toHaveValue('1'))
    expect(screen.getByLabelText('Statut')).toHaveValue('en-attente')

    await act(() => router.navigate('/admin/reports?retard=bientot'))
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports'))
    expect(screen.getByLabelText('Délai')).toHaveValue('all')
  })

  it('reads the commune of its address on a reload, and ignores one that is not a commune', async () => {
    const { calls } = stubAdminApi({ '/api/admin/reports': pageReply([adminReport()]) })
    const { router } = renderRoute('/admin/reports?commune=3')
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?area=3'))
    await waitFor(() => expect(screen.getByLabelText('Commune')).toHaveValue('3'))

    await act(() => router.navigate('/admin/reports?commune=20&statut=resolu'))
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?status=resolu'))
    expect(screen.getByLabelText('Commune')).toHaveValue('all')
  })

  it('says "Plus de 1 000" for a search past the count, and pages on with its cursors, kept in the address', async () => {
    // The server's search: pages of 10, counted up to 1 000, each with the cursors to its neighbours.
    const { calls } = stubAdminApi({
      '/api/admin/reports': ({ search }) => {
        const page = Number(search.get('page') ?? 1)
        return pageReply(
          Array.from({ length: 10 }, () => adminReport({ description: `Résultat de la page ${page}` })),
          { total: 1000, totalCapped: true, page, next: `vers-${page + 1}`, previous: `vers-${page - 1}` },
        )
      },
    })
    const { router } = renderRoute('/admin/reports?q=rue')
    const user = userEvent.setup()
    // Testing Library reads every space as a plain one; the figure is grouped as French writes it.
    const count = await screen.findByText('Plus de 1 000 signalements trouvés')
    expect(count).toHaveTextContent('Plus de 1\u202f000 signalements trouvés', { normalizeWhitespace: false })
    expect(screen.getByText('Page 1 sur plus de 100')).toBeInTheDocument()
    const address = () => new URLSearchParams(router.state.location.search)

    await user.click(screen.getByRole('button', { name: /Suivant/ }))
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?q=rue&page=2&after=vers-2'),
    )
    expect(await screen.findByText('Page 2 sur plus de 100')).toBeInTheDocument()
    expect(screen.getAllByText('Résultat de la page 2')).toHaveLength(10)
    expect(address().get('page')).toBe('2')
    expect(address().get('apres')).toBe('vers-2')

    await user.click(screen.getByRole('button', { name: /Suivant/ }))
    expect(await screen.findByText('Page 3 sur plus de 100')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Précédent/ }))
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?q=rue&page=2&before=vers-2'),
    )
    expect(address().get('avant')).toBe('vers-2')
    expect(address().get('apres')).toBeNull()
    expect(await screen.findByText('Page 2 sur plus de 100')).toBeInTheDocument()

    // Another filter is another list: back to its first page, without the former list's cursor.
    await user.selectOptions(screen.getByLabelText('Statut'), 'resolu')
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?q=rue&status=resolu'))
    expect([address().get('page'), address().get('apres'), address().get('avant')]).toEqual([
      null,
      null,
      null,
    ])
  })

  it('asks for the page of its address with that address’s cursor, on a reload', async () => {
    const { calls } = stubAdminApi({ '/api/admin/reports': pageReply([adminReport()], { page: 4 }) })
    renderRoute('/admin/reports?q=rue&page=4&apres=vers-4')
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?q=rue&page=4&after=vers-4'),
    )
  })

  it('goes back to the first page of the search when the server no longer takes the address’s cursor', async () => {
    const { calls } = stubAdminApi({
      '/api/admin/reports': ({ search }) =>
        search.get('after')
          ? apiError(
              400,
              'invalid_input',
              'Cette page de résultats n’est plus valide\u202f: reprenez la recherche depuis la première page.',
            )
          : pageReply([adminReport({ description: 'Premier résultat' })]),
    })
    const { router } = renderRoute('/admin/reports?q=rue&page=4&apres=perime')
    expect(await screen.findByText('Premier résultat')).toBeInTheDocument()
    expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?q=rue')
    const address = new URLSearchParams(router.state.location.search)
    expect([address.get('q'), address.get('page'), address.get('apres')]).toEqual(['rue', null, null])
  })

  it('shows each report’s "Moi aussi" supporters, and sorts by them on request', async () => {
    const { calls } = stubAdminApi({
      '/api/admin/reports': (call) =>
        pageReply(
          call.url.includes('sort=supporters')
            ? [
                adminReport({ anonymous_code: 'MOST2345', supporters_count: 7 }),
                adminReport({ anonymous_code: 'LESS2345', supporters_count: 2 }),
              ]
            : [adminReport({ anonymous_code: 'LESS2345', supporters_count: 2 })],
        ),
    })
    renderRoute('/admin/reports')
    const user = userEvent.setup()
    const card = await screen.findByRole('article')
    expect(card).toHaveTextContent('2 soutiens')
    await user.selectOptions(screen.getByLabelText('Trier par'), 'Plus soutenus')
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/admin/reports?sort=supporters'))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2))
    const [first, second] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    expect(first).toHaveTextContent('MOST2345')
    expect(first).toHaveTextContent('7 soutiens')
    expect(second).toHaveTextContent('LESS2345')
  })

  it('shows the empty state when nothing matches', async () => {
    stubAdminApi({ '/api/admin/reports': pageReply([]) })
    renderRoute('/admin/reports')
    expect(await screen.findByText('Aucun signalement trouvé')).toBeInTheDocument()
    expect(screen.getByText('Essayez de modifier vos filtres de recherche')).toBeInTheDocument()
    expect(screen.getByText('0 signalement(s) trouvé(s)')).toBeInTheDocument()
  })

  it('says it could not load the reports', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubAdminApi({ '/api/admin/reports': apiError(500, 'internal', 'Une erreur interne est survenue.') })
    renderRoute('/admin/reports')
    expect(await screen.findByText('Impossible de charger les signalements')).toBeInTheDocument()
    expect(screen.getByText('Erreur')).toBeInTheDocument()
  })

  it('reloads with "Actualiser"', async () => {
    const { calls } = stubAdminApi({ '/api/admin/reports': pageReply([adminReport()]) })
    renderRoute('/admin/reports')
    await screen.findByText('1 signalement(s) trouvé(s)')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Actualiser' }))
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2))
  })

  it('opens the detail, with history, messages, photo and voice note, and rejects a spam report', async () => {
    const report = adminReport({
      anonymous_code: 'SPAM2345',
      type: 'Propreté',
      description: 'Achetez nos produits !',
      address: 'Rue 10, Plateau',
      photo_url: '/files/photo.jpg',
      photo_thumb_url: '/files/photo-thumb.jpg',
      audio_url: '/files/note.webm',
      assigned_organization_id: 'org-dakar',
      assigned_organization_name: 'Mairie de Dakar',
    })
    const detail: AdminReportDetail = {
      ...report,
      history: [
        {
          kind: 'created',
          from_status: null,
          to_status: null,
          title: null,
          reason: null,
          organization_name: null,
          member_name: null,
          created_at: '2026-11-22T10:00:00Z',
        },
        {
          kind: 'status_changed',
          from_status: 'en-attente',
          to_status: 'en-cours',
          title: null,
          reason: null,
          organization_name: null,
          member_name: 'Awa Ndiaye',
          created_at: '2026-11-22T11:00:00Z',
        },
      ],
      notifications: [
        {
          id: 'n1',
          title: 'Intervention prévue',
          message: 'Une équipe passe demain.',
          created_at: '2026-11-22T12:00:00Z',
        },
      ],
    }
    const { calls } = stubAdminApi({
      '/api/admin/reports': pageReply([report]),
      [`/api/admin/reports/${report.id}`]: { status: 200, body: detail },
      [`/api/admin/reports/${report.id}/eligible-organizations`]: { status: 200, body: { items: [] } },
      [`PATCH /api/admin/reports/${report.id}`]: (call) => {
        const { reason: _, ...changes } = call.body as { reason?: string }
        return { status: 200, body: { ...detail, ...changes } }
      },
      '/api/admin/stats': pageReply([]),
    })
    renderRoute('/admin/reports')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Voir le signalement SPAM2345' }))
    const dialog = await screen.findByRole('dialog', { name: 'Détails du signalement' })
    expect(within(dialog).getByText('Code : SPAM2345')).toBeInTheDocument()
    expect(await within(dialog).findByText('Achetez nos produits !')).toBeInTheDocument()
    expect(within(dialog).getByText('Rue 10, Plateau')).toBeInTheDocument()
    expect(within(dialog).getByText('Commune : Médina')).toBeInTheDocument()
    expect(within(dialog).getByText('Mairie de Dakar')).toBeInTheDocument()
    expect(within(dialog).getByRole('img', { name: 'Photo du signalement SPAM2345' })).toHaveAttribute(
      'src',
      '/files/photo-thumb.jpg',
    )
    expect(dialog.querySelector('audio')).toHaveAttribute('src', '/files/note.webm')
    // The filing reads by itself, with no arrow from nowhere.
    expect(within(dialog).getByText('Signalement envoyé')).toBeInTheDocument()
    expect(within(dialog).queryByText(/Signalement envoyé.*→/)).not.toBeInTheDocument()
    expect(within(dialog).getByText('Statut modifié').closest('li')).toHaveTextContent(
      'Statut modifié : En attente → En cours',
    )
    // Who of the organisation did it (issue 29).
    expect(within(dialog).getByText('Statut modifié').closest('li')).toHaveTextContent('par Awa Ndiaye')
    expect(within(dialog).getByText('Intervention prévue')).toBeInTheDocument()
    expect(within(dialog).getByText('Une équipe passe demain.')).toBeInTheDocument()

    // Rejecting asks why first: nothing is sent without a reason long enough.
    await user.selectOptions(within(dialog).getByLabelText('Statut'), 'rejete')
    const confirmation = await screen.findByRole('dialog', { name: 'Rejeter ce signalement' })
    const reason = within(confirmation).getByLabelText('Motif du rejet')
    expect(reason).toHaveAttribute('maxlength', '500')
    expect(within(confirmation).getByText('0 / 500 caractères')).toBeInTheDocument()
    await user.type(reason, 'Pub')
    await user.click(within(confirmation).getByRole('button', { name: 'Rejeter' }))
    expect(await within(confirmation).findByRole('alert')).toHaveTextContent(
      'Le motif du rejet doit faire au moins 10 caractères.',
    )
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([])
    await user.type(reason, 'licité pour un commerce, pas un problème de la ville.')
    expect(within(confirmation).getByText('56 / 500 caractères')).toBeInTheDocument()
    await user.click(within(confirmation).getByRole('button', { name: 'Rejeter' }))
    expect(await screen.findByText('Signalement rejeté')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      status: 'rejete',
      reason: 'Publicité pour un commerce, pas un problème de la ville.',
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rejeter ce signalement' })).toBeNull())
    expect(within(dialog).getByLabelText('Statut')).toHaveValue('rejete')

    await user.selectOptions(within(dialog).getByLabelText('Priorité'), 'urgent')
    expect(await screen.findByText('Priorité mise à jour')).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ priority: 'urgent' })
  })

  it('says when a status cannot be changed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const report = adminReport({ anonymous_code: 'FAIL2345' })
    stubAdminApi({
      '/api/admin/reports': pageReply([report]),
      [`/api/admin/reports/${report.id}`]: {
        status: 200,
        body: { ...report, history: [], notifications: [] },
      },
      [`/api/admin/reports/${report.id}/eligible-organizations`]: { status: 200, body: { items: [] } },
      [`PATCH /api/admin/reports/${report.id}`]: apiError(
        500,
        'internal',
        'Une erreur interne est survenue.',
      ),
    })
    renderRoute('/admin/reports')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Voir le signalement FAIL2345' }))
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText('Aucun événement')
    expect(within(dialog).getByText('Aucun message envoyé')).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText('Priorité'), 'urgent')
    expect(await screen.findByText('Impossible de modifier le signalement')).toBeInTheDocument()
  })

  it('does not offer "En cours" nor "Résolu" while nobody handles the report, and assigns it', async () => {
    const report = adminReport({ anonymous_code: 'NOBO2345', type: 'Voirie' })
    const detail: AdminReportDetail = { ...report, history: [], notifications: [] }
    const { calls } = stubAdminApi({
      '/api/admin/reports': pageReply([report]),
      [`/api/admin/reports/${report.id}`]: { status: 200, body: detail },
      [`/api/admin/reports/${report.id}/eligible-organizations`]: {
        status: 200,
        body: {
          items: [
            { id: 'org-travaux', name: 'Direction des travaux' },
            { id: 'org-medina', name: 'Mairie de la Médina' },
          ],
        },
      },
      [`PATCH /api/admin/reports/${report.id}`]: {
        status: 200,
        body: {
          ...detail,
          status: 'en-cours',
          assigned_organization_id: 'org-medina',
          assigned_organization_name: 'Mairie de la Médina',
        },
      },
      '/api/admin/stats': pageReply([]),
    })
    renderRoute('/admin/reports')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Voir le signalement NOBO2345' }))
    const dialog = await screen.findByRole('dialog', { name: 'Détails du signalement' })
    const status = await within(dialog).findByLabelText('Statut')
    const offered = within(status)
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(offered).toEqual(['En attente', 'Rejeté'])
    expect(
      within(dialog).getByText(
        'Aucune organisation ne le prend en charge : « En cours » et « Résolu » attendent qu’il soit attribué.',
      ),
    ).toBeInTheDocument()
    const assign = within(dialog).getByRole('button', { name: 'Attribuer' })
    expect(assign).toBeDisabled()
    await user.selectOptions(await within(dialog).findByLabelText('Attribuer à…'), 'org-medina')
    await user.click(assign)
    expect(await screen.findByText('Signalement attribué à Mairie de la Médina')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ organization_id: 'org-medina' })
    // Someone handles it now: every status is offered.
    await waitFor(() =>
      expect(within(within(dialog).getByLabelText('Statut')).getAllByRole('option')).toHaveLength(4),
    )
  })

  it('says why the server refused a change', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    const report = adminReport({ anonymous_code: 'CONF2345' })
    stubAdminApi({
      '/api/admin/reports': pageReply([report]),
      [`/api/admin/reports/${report.id}`]: {
        status: 200,
        body: { ...report, history: [], notifications: [] },
      },
      [`/api/admin/reports/${report.id}/eligible-organizations`]: {
        status: 200,
        body: { items: [{ id: 'org-x', name: 'Organisation suspendue entre-temps' }] },
      },
      [`PATCH /api/admin/reports/${report.id}`]: apiError(
        409,
        'conflict',
        'Cette organisation ne peut pas recevoir ce signalement : elle doit être approuvée, active, chargée de sa catégorie et de sa commune.',
      ),
    })
    renderRoute('/admin/reports')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Voir le signalement CONF2345' }))
    const dialog = await screen.findByRole('dialog')
    await user.selectOptions(await within(dialog).findByLabelText('Attribuer à…'), 'org-x')
    await user.click(within(dialog).getByRole('button', { name: 'Attribuer' }))
    expect(
      await screen.findByText(
        'Cette organisation ne peut pas recevoir ce signalement : elle doit être approuvée, active, chargée de sa catégorie et de sa commune.',
      ),
    ).toBeInTheDocument()
  })

  it('exports the filtered rows through a signed link that the browser downloads', async () => {
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '')
    })
    const { calls } = stubAdminApi({
      '/api/admin/reports': pageReply([adminReport()]),
      'POST /api/admin/reports/export-link': {
        status: 200,
        body: { url: '/api/admin/reports/export-download?token=abc', expiresAt: '2026-11-22T10:01:00Z' },
      },
    })
    renderRoute('/admin/reports')
    const user = userEvent.setup()
    await screen.findByText('1 signalement(s) trouvé(s)')
    await user.selectOptions(screen.getByLabelText('Priorité'), 'high')
    await user.click(screen.getByRole('button', { name: 'Exporter' }))
    await waitFor(() => expect(clicked).toEqual(['/api/admin/reports/export-download?token=abc']))
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ priority: 'high' })
  })

  it('says when the export cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubAdminApi({
      '/api/admin/reports': pageReply([adminReport()]),
      'POST /api/admin/reports/export-link': apiError(500, 'internal', 'Une erreur interne est survenue.'),
    })
    renderRoute('/admin/reports')
    const user = userEvent.setup()
    await screen.findByText('1 signalement(s) trouvé(s)')
    await user.click(screen.getByRole('button', { name: 'Exporter' }))
    expect(await screen.findByText('Impossible d’exporter les signalements')).toBeInTheDocument()
  })
})
