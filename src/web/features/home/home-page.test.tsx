import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { RecentReport } from '../../../domain/report'
import { useCitizenDeviceStore } from '../../lib/citizen-device'
import { stubApi } from '../../test/api-stub'
import { pageSays } from '../../test/page-meta'
import { renderRoute } from '../../test/render-route'

// jsdom cannot draw Leaflet: the live map (loaded on demand) is replaced, nothing else is. It is
// ready at once, as the real one is once it has drawn its reports.
vi.mock('./components/home-map-view', () => ({
  default: ({ onReady }: { onReady: () => void }) => {
    useEffect(onReady, [onReady])
    return <div data-testid="leaflet-map" />
  },
}))

const reports: RecentReport[] = [
  {
    id: '3',
    type: 'Voirie',
    description: 'Nid-de-poule profond au carrefour, les motos tombent.',
    status: 'en-attente',
    created_at: '2026-11-22T10:00:00Z',
    address: null,
    department: 'Dakar',
  },
  {
    id: '2',
    type: 'Éclairage public',
    description: 'Lampadaire éteint depuis deux semaines devant la pharmacie.',
    status: 'en-cours',
    created_at: '2026-11-20T09:30:00Z',
    address: 'Avenue Blaise Diagne, Médina',
    department: 'Dakar',
  },
  {
    id: '1',
    type: 'Propreté',
    description: 'Dépôt d’ordures sauvage.',
    status: 'resolu',
    created_at: '2026-03-01T08:00:00Z',
    address: 'Rue 10, Plateau',
    department: null,
  },
  {
    id: '0',
    type: 'Assainissement',
    description: 'Caniveau bouché.',
    status: 'archive-inconnu',
    created_at: '2026-01-15T12:00:00Z',
    address: null,
    department: null,
  },
]

describe('Home page', () => {
  it('shows five placeholder cards and the loading subtitle while the reports load', async () => {
    stubApi({ '/api/reports/recent': 'pending', '/api/reports/count': 'pending' })
    renderRoute('/')
    expect(await screen.findByText('Chargement des signalements...')).toBeInTheDocument()
    expect(screen.getAllByTestId('report-card-skeleton')).toHaveLength(5)
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
  })

  it('shows the recent reports as cards with type, address, French date and status', async () => {
    stubApi({
      '/api/reports/recent': { status: 200, body: reports },
      '/api/reports/count': { status: 200, body: { count: 42 } },
    })
    renderRoute('/')

    expect(await screen.findByText('4 signalements récents')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Incidents récents' })).toBeInTheDocument()
    const cards = screen.getAllByRole('article')
    expect(cards).toHaveLength(4)

    const [pothole, lighting, cleanliness, drain] = cards as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ]
    expect(within(pothole).getByRole('heading', { name: 'Voirie' })).toBeInTheDocument()
    expect(within(pothole).getByText('22 novembre 2026')).toBeInTheDocument()
    expect(within(pothole).getByText('En attente')).toHaveClass('bg-red-100')

    expect(within(lighting).getByRole('heading', { name: 'Éclairage public' })).toBeInTheDocument()
    expect(within(lighting).getByText('Avenue Blaise Diagne, Médina')).toBeInTheDocument()
    expect(within(lighting).getByText('20 novembre 2026')).toBeInTheDocument()
    expect(within(lighting).getByText('En cours')).toHaveClass('bg-yellow-100')
    expect(
      within(lighting).getByText('Lampadaire éteint depuis deux semaines devant la pharmacie.'),
    ).toHaveClass('line-clamp-3')

    expect(within(cleanliness).getByText('1 mars 2026')).toBeInTheDocument()
    expect(within(cleanliness).getByText('Résolu')).toHaveClass('bg-green-100')

    // An unknown status is shown as received, in grey.
    expect(within(drain).getByText('archive-inconnu')).toHaveClass('bg-slate-100')
    expect(within(drain).getByText('15 janvier 2026')).toBeInTheDocument()

    expect(await screen.findByText('42 incidents rapportés dans le département de Dakar')).toBeInTheDocument()
  })

  it('opens a report’s public page from its card', async () => {
    const user = userEvent.setup()
    stubApi({
      '/api/reports/recent': { status: 200, body: reports },
      '/api/reports/count': { status: 200, body: { count: 42 } },
      'GET /api/reports/2': 'pending',
    })
    const { router } = renderRoute('/')
    const [, lighting] = (await screen.findAllByRole('article')) as HTMLElement[]
    const link = within(lighting as HTMLElement).getByRole('link', { name: 'Éclairage public' })
    expect(link).toHaveAttribute('href', '/signalements/2')
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/signalements/2'))
  })

  it('shows the empty state when there is no report yet', async () => {
    stubApi({
      '/api/reports/recent': { status: 200, body: [] },
      '/api/reports/count': { status: 200, body: { count: 0 } },
    })
    renderRoute('/')
    expect(await screen.findByText('Aucun incident signalé')).toBeInTheDocument()
    expect(screen.getByText('Soyez le premier à signaler un problème !')).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    expect(await screen.findByText('0 incident rapporté dans le département de Dakar')).toBeInTheDocument()
  })

  it('shows the empty state and a count of 0 when loading fails, and logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = {
      status: 500,
      body: { error: { code: 'internal', message: 'Une erreur interne est survenue.' } },
    }
    stubApi({
      '/api/reports/recent': error,
      '/api/reports/count': error,
      '/api/reports/map': { status: 200, body: { points: [], clusters: [] } },
    })
    renderRoute('/')
    expect(await screen.findByText('Aucun incident signalé')).toBeInTheDocument()
    expect(await screen.findByText('0 incident rapporté dans le département de Dakar')).toBeInTheDocument()
    expect(screen.queryByText('Chargement des signalements...')).not.toBeInTheDocument()
    // Each failed read is logged, and nothing else is.
    const loggedReads = () =>
      new Set(logged.mock.calls.map(([what, key]) => `${what} ${JSON.stringify(key)}`))
    await waitFor(() =>
      expect(loggedReads()).toEqual(
        new Set(['Échec du chargement ["reports","count"]', 'Échec du chargement ["reports","recent"]']),
      ),
    )
  })

  it('offers the header, the Signaler button, the map and the footer links', async () => {
    stubApi({
      '/api/reports/recent': { status: 200, body: [] },
      '/api/reports/count': { status: 200, body: { count: 0 } },
    })
    renderRoute('/')
    const header = await screen.findByRole('banner')
    expect(document.title).toBe('Plateforme d’alertes urbaines au Sénégal')
    expect(within(header).getByRole('button', { name: 'Ouvrir le menu' })).toBeInTheDocument()
    expect(within(header).getByText('Alertes urbaines')).toBeInTheDocument()
    expect(within(header).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    )
    expect(within(header).getByRole('link', { name: 'À propos' })).toHaveAttribute('href', '/a-propos')
    expect(screen.getByRole('link', { name: 'Signaler' })).toHaveAttribute('href', '/signaler')
    expect(
      screen.getByRole('region', { name: 'Carte interactive de Dakar pour les signalements' }),
    ).toBeInTheDocument()
    // No geolocation in jsdom: Dakar stands in and the map's preview is shown; Leaflet waits for a touch.
    expect(
      await screen.findByRole('button', { name: 'Carte interactive de Dakar pour les signalements' }),
    ).toBeInTheDocument()
    expect(screen.queryByTestId('leaflet-map')).not.toBeInTheDocument()
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Suivi des signalements' })).toHaveAttribute(
      'href',
      '/suivi',
    )
    expect(within(footer).getByRole('link', { name: 'Signaler un problème' })).toHaveAttribute(
      'href',
      '/signaler',
    )
    expect(within(footer).getByRole('link', { name: 'contact@alertes-urbaines.sn' })).toBeInTheDocument()
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/`,
    )
  })

  it('invites those without a smartphone to text the SMS number under the Signaler button, when the channel is on', async () => {
    stubApi({
      '/api/reports/recent': { status: 200, body: [] },
      '/api/reports/count': { status: 200, body: { count: 0 } },
    })
    const { unmount } = renderRoute('/')
    await screen.findByRole('contentinfo')
    expect(screen.queryByText(/Pas de smartphone/)).toBeNull()
    unmount()

    pageSays('sms-number', '+221338000000')
    renderRoute('/')
    const main = within(await screen.findByRole('main'))
    expect((await main.findByText(/Pas de smartphone/)).textContent).toBe(
      'Pas de smartphone\u202f? Envoyez un SMS au 33 800 00 00',
    )
    expect(main.getByRole('link', { name: '33 800 00 00' })).toHaveAttribute('href', 'sms:+221338000000')
    // The footer says it too.
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: '33 800 00 00' }),
    ).toBeInTheDocument()
  })

  it('starts the live map when the visitor touches its preview, and then shows it alone', async () => {
    const user = userEvent.setup()
    stubApi({
      '/api/reports/recent': { status: 200, body: [] },
      '/api/reports/count': { status: 200, body: { count: 0 } },
    })
    renderRoute('/')
    const preview = await screen.findByRole('button', {
      name: 'Carte interactive de Dakar pour les signalements',
    })
    await user.click(preview)
    expect(await screen.findByTestId('leaflet-map')).toBeInTheDocument()
    await waitFor(() => expect(preview).not.toBeInTheDocument())
  })

  it('opens the side menu with the citizen and organisation links', async () => {
    const { default: userEvent } = await import('@testing-library/user-event')
    const user = userEvent.setup()
    stubApi({
      '/api/reports/recent': { status: 200, body: [] },
      '/api/reports/count': { status: 200, body: { count: 0 } },
    })
    renderRoute('/')
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le menu' }))
    const menu = await screen.findByRole('dialog')
    expect(within(menu).getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/')
    expect(within(menu).getByRole('link', { name: 'Mes signalements' })).toHaveAttribute(
      'href',
      '/mes-signalements',
    )
    expect(within(menu).getByRole('heading', { name: 'Espace Organisation' })).toBeInTheDocument()
    expect(within(menu).getByRole('link', { name: 'Connexion Organisation' })).toHaveAttribute(
      'href',
      '/organization/login',
    )
    expect(within(menu).getByRole('link', { name: 'Inscription Organisation' })).toHaveAttribute(
      'href',
      '/organization/signup',
    )
    expect(within(menu).getByText('Département de Dakar, Région de Dakar, Sénégal')).toBeInTheDocument()
  })
})

describe('The notifications bell', () => {
  it('counts the unread messages of a device that filed a report', async () => {
    useCitizenDeviceStore.setState({ citizenToken: 'B'.repeat(43) })
    const { callsTo } = stubApi({
      '/api/citizen/notifications': { status: 200, body: { items: [], unread: 3 } },
      '/api/reports/count': { status: 200, body: { count: 0 } },
      '/api/reports/recent': { status: 200, body: [] },
    })
    renderRoute('/')
    const bell = await within(await screen.findByRole('banner')).findByRole('link', {
      name: 'Notifications (3)',
    })
    expect(bell).toHaveAttribute('href', '/notifications')
    expect(within(bell).getByText('3')).toBeInTheDocument()
    expect(callsTo('GET', '/api/citizen/notifications')[0]?.headers.get('x-citizen-token')).toBe(
      'B'.repeat(43),
    )
    useCitizenDeviceStore.setState({ citizenToken: null, mintedToken: null })
  })

  it('asks nothing for a device that never filed a report', async () => {
    useCitizenDeviceStore.setState({ citizenToken: null, mintedToken: null })
    const { callsTo } = stubApi({
      '/api/reports/recent': { status: 200, body: [] },
      '/api/reports/count': { status: 200, body: { count: 0 } },
    })
    renderRoute('/')
    await screen.findByText('Aucun incident signalé')
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Notifications' }),
    ).toBeInTheDocument()
    expect(callsTo('GET', '/api/citizen/notifications')).toHaveLength(0)
  })
})

describe('Unknown path', () => {
  it('shows the not-found page with a way home', async () => {
    renderRoute('/signalements-inconnus')
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/')
    await waitFor(() => expect(document.title).toBe('Page introuvable | Alertes urbaines'))
  })
})
