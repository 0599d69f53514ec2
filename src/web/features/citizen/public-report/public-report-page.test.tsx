import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PublicReport } from '../../../../domain/citizen'
import { switchLanguage } from '../../../i18n/languages'
import { apiError, stubApi } from '../../../test/api-stub'
import { CATEGORIES, publicHistoryLine } from '../../../test/fixtures'
import { renderRoute, serverRenderedStatusOf } from '../../../test/render-route'

// jsdom cannot draw Leaflet: the map module (loaded on demand) is replaced, nothing else is.
vi.mock('./public-report-map', () => ({
  default: ({
    latitude,
    longitude,
    approximate,
  }: {
    latitude: number
    longitude: number
    approximate: boolean
  }) => <div data-testid="leaflet-map">{`${latitude},${longitude}${approximate ? ' (circle)' : ''}`}</div>,
}))

const ID = '6f1c1b9e-8a51-4c3e-9d43-0d7f1e2a3b4c'

const report: PublicReport = {
  id: ID,
  type: 'Voirie',
  description: 'Nid-de-poule profond devant l’école, les motos tombent chaque matin en allant au marché.',
  status: 'en-cours',
  address: 'Avenue Blaise Diagne, Médina',
  department: 'Dakar',
  latitude: 14.6795,
  location_precision: 'point',
  longitude: -17.4482,
  created_at: '2026-11-20T09:30:00Z',
  updated_at: '2026-11-22T10:00:00Z',
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
    publicHistoryLine('message_sent', '2026-11-22T10:00:00Z'),
  ],
}

/** Resolved, with the photo the organisation took after the work. */
const fixed: PublicReport = {
  ...report,
  status: 'resolu',
  resolved_at: '2026-11-24T15:00:00Z',
  resolution: {
    photo_url: '/files/9a/9a000000000000000000000000000000.webp',
    thumb_url: '/files/9b/9b000000000000000000000000000000.webp',
    note: 'Nid-de-poule rebouché au goudron, la chaussée est sèche.',
    created_at: '2026-11-24T15:00:00Z',
  },
}

const metaContent = (key: string) =>
  document.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content')

afterEach(async () => {
  await switchLanguage('fr')
})

describe('/signalements/:id', () => {
  it('shows the category, status, description, place, dates, organisation, history and map', async () => {
    stubApi({ [`GET /api/reports/${ID}`]: { status: 200, body: report } })
    renderRoute(`/signalements/${ID}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Voirie' })).toBeInTheDocument()
    const card = screen.getByRole('article', { name: 'Voirie' })
    expect(within(card).getByText('En cours')).toHaveClass('bg-yellow-100')
    expect(within(card).getByText(report.description)).toBeInTheDocument()
    const facts = within(card)
      .getAllByRole('definition')
      .map((item) => item.textContent)
    expect(facts).toEqual([
      'Avenue Blaise Diagne, Médina',
      '20 novembre 2026',
      '21 novembre 2026',
      '—',
      '22 novembre 2026',
      'Mairie de la Médina',
    ])
    const history = within(card).getByRole('heading', { name: 'Historique' }).parentElement as HTMLElement
    const events = within(history).getAllByRole('listitem')
    expect(events).toHaveLength(3)
    for (const [index, kind] of ['Signalement envoyé', 'Pris en charge', 'Message reçu'].entries()) {
      expect(within(events[index] as HTMLElement).getByText(kind)).toBeInTheDocument()
    }
    expect(within(card).getByText(/la photo, la note vocale et les messages restent privés/)).toBeVisible()
    // The map comes once the page is up, on the report's place.
    const map = within(card).getByRole('region', { name: 'Carte du lieu du signalement' })
    expect(await within(map).findByTestId('leaflet-map')).toHaveTextContent('14.6795,-17.4482')
    const main = screen.getByRole('main')
    expect(within(main).getByRole('link', { name: 'Signaler un problème' })).toHaveAttribute(
      'href',
      '/signaler',
    )
    expect(within(main).getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/')
  })

  it('names only the commune of a report by SMS, and draws its circle, not a pin at its centre', async () => {
    const bySms: PublicReport = {
      ...report,
      address: '',
      latitude: 14.6795,
      longitude: -17.447,
      location_precision: 'commune',
    }
    stubApi({ [`GET /api/reports/${ID}`]: { status: 200, body: bySms } })
    renderRoute(`/signalements/${ID}`)
    const card = await screen.findByRole('article', { name: 'Voirie' })
    expect(
      within(card).getByText(/^Position approximative \(commune de Médina\)\s: signalé par SMS$/),
    ).toBeInTheDocument()
    const facts = within(card)
      .getAllByRole('definition')
      .map((item) => item.textContent)
    expect(facts.some((fact) => fact?.includes('14.6795'))).toBe(false)
    const map = within(card).getByRole('region', { name: 'Carte du lieu du signalement' })
    expect(await within(map).findByTestId('leaflet-map')).toHaveTextContent('(circle)')
  })

  it('shows the photo of the fix as "Après intervention", with the organisation’s note and its date', async () => {
    stubApi({ [`GET /api/reports/${ID}`]: { status: 200, body: fixed } })
    renderRoute(`/signalements/${ID}`)
    const card = await screen.findByRole('article', { name: 'Voirie' })
    const afterWork = within(card).getByRole('region', { name: 'Après intervention' })
    expect(within(afterWork).getByRole('img', { name: 'Le lieu après l’intervention' })).toHaveAttribute(
      'src',
      fixed.resolution?.thumb_url,
    )
    expect(
      within(afterWork).getByText('Nid-de-poule rebouché au goudron, la chaussée est sèche.'),
    ).toBeVisible()
    expect(
      within(afterWork).getByText('Photo prise par l’organisation le 24 novembre 2026'),
    ).toBeInTheDocument()
  })

  it('shows no "Après intervention" while the organisation has sent no photo of the fix', async () => {
    stubApi({ [`GET /api/reports/${ID}`]: { status: 200, body: report } })
    renderRoute(`/signalements/${ID}`)
    const card = await screen.findByRole('article', { name: 'Voirie' })
    expect(within(card).queryByRole('heading', { name: 'Après intervention' })).not.toBeInTheDocument()
    expect(within(card).queryByRole('img')).not.toBeInTheDocument()
    expect(within(card).queryByText(/Photo prise par l’organisation/)).not.toBeInTheDocument()
  })

  it('says in its head what the report is, for the sharing card', async () => {
    stubApi({ [`GET /api/reports/${ID}`]: { status: 200, body: report } })
    renderRoute(`/signalements/${ID}`)
    await waitFor(() =>
      expect(document.title).toBe(
        'Nid-de-poule profond devant l’école, les motos tombent… – Voirie | Alertes urbaines',
      ),
    )
    expect(metaContent('og:title')).toBe(document.title)
    expect(metaContent('description')).toBe(
      'En cours – Avenue Blaise Diagne, Médina. Signalé le 20 novembre 2026. Pris en charge par Mairie de la Médina.',
    )
    expect(metaContent('og:description')).toBe(metaContent('description'))
    expect(metaContent('og:type')).toBe('article')
  })

  it('names a report without description by its category, and one no one handles yet as such', async () => {
    stubApi({
      [`GET /api/reports/${ID}`]: {
        status: 200,
        body: {
          ...report,
          description: '',
          address: null,
          status: 'en-attente',
          claimed_at: null,
          organization_name: null,
          history: [],
        },
      },
    })
    renderRoute(`/signalements/${ID}`)
    const card = await screen.findByRole('article', { name: 'Voirie' })
    expect(within(card).getByText('Organisation chargée').nextSibling).toHaveTextContent(
      'Aucune pour le moment',
    )
    // No address: the commune it lies in and its coordinates name the place.
    expect(within(card).getByText('Lieu').nextSibling).toHaveTextContent('Médina (14.67950, -17.44820)')
    expect(within(card).queryByRole('heading', { name: 'Historique' })).toBeNull()
    await waitFor(() => expect(document.title).toBe('Voirie | Alertes urbaines'))
    expect(metaContent('description')).toBe(
      'En attente – Médina (14.67950, -17.44820). Signalé le 20 novembre 2026.',
    )
  })

  it('shows the not-found page for an id no public report has', async () => {
    stubApi({
      [`GET /api/reports/${ID}`]: apiError(
        404,
        'not_found',
        'Ce signalement n’existe pas ou n’est pas public.',
        undefined,
        'publicReport.notFound',
      ),
    })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute(`/signalements/${ID}`)
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/')
    await waitFor(() => expect(document.title).toBe('Page introuvable | Alertes urbaines'))
    // An answer, not a failure: nothing logged (the server renders such pages for anyone who asks).
    expect(logged).not.toHaveBeenCalled()
  })

  it('shows the not-found page for an address that cannot name a report, without asking the server', async () => {
    const { fetchMock } = stubApi({})
    renderRoute('/signalements/pas-un-identifiant')
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows placeholders while loading', async () => {
    stubApi({ [`GET /api/reports/${ID}`]: 'pending' })
    renderRoute(`/signalements/${ID}`)
    expect(await screen.findByText('Chargement du signalement...')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Signalement' })).toBeInTheDocument()
  })

  it('shows other failures with a way to try again', async () => {
    const user = userEvent.setup()
    let failing = true
    stubApi({
      [`GET /api/reports/${ID}`]: () =>
        failing
          ? apiError(500, 'internal', 'Une erreur interne est survenue.')
          : { status: 200, body: report },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute(`/signalements/${ID}`)
    expect(await screen.findByText('Une erreur interne est survenue.')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Page introuvable' })).toBeNull()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Voirie' })).toBeInTheDocument()
  })

  it('reads in English and in Wolof', async () => {
    stubApi({ [`GET /api/reports/${ID}`]: { status: 200, body: report } })
    await switchLanguage('en')
    renderRoute(`/signalements/${ID}`)
    const card = await screen.findByRole('article', { name: 'Voirie' })
    expect(within(card).getByText('Organisation in charge')).toBeInTheDocument()
    expect(within(card).getByText('In progress')).toBeInTheDocument()
    expect(within(card).getByText('20 November 2026')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toMatch(/ – Voirie \| Urban Alerts$/))
  })
  it('shows the photo of the fix in English too', async () => {
    stubApi({
      [`GET /api/reports/${ID}`]: { status: 200, body: fixed },
      'GET /api/categories': { status: 200, body: CATEGORIES },
    })
    await switchLanguage('en')
    renderRoute(`/signalements/${ID}`)
    const card = await screen.findByRole('article', { name: 'Roads' })
    const afterWork = within(card).getByRole('region', { name: 'After the work' })
    expect(within(afterWork).getByRole('img', { name: 'The place after the work' })).toBeInTheDocument()
    expect(
      within(afterWork).getByText('Photo taken by the organisation on 24 November 2026'),
    ).toBeInTheDocument()
  })
})

describe('/signalements/:id server-rendered', () => {
  it('answers 404 for an unknown or malformed id, 200 for a public report', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      [`GET /api/reports/${ID}`]: { status: 200, body: report },
      'GET /api/reports/00000000-0000-0000-0000-000000000000': apiError(404, 'not_found', 'Inconnu'),
    })
    expect(await serverRenderedStatusOf(`/signalements/${ID}`)).toBe(200)
    expect(await serverRenderedStatusOf('/signalements/00000000-0000-0000-0000-000000000000')).toBe(404)
    expect(await serverRenderedStatusOf('/signalements/abc')).toBe(404)
  })

  it('answers 200 when the API fails otherwise: the page shows the failure, not a not-found page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({ [`GET /api/reports/${ID}`]: 'offline' })
    expect(await serverRenderedStatusOf(`/signalements/${ID}`)).toBe(200)
  })
})
