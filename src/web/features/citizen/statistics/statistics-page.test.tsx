import { screen, waitFor, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { PublicStats } from '../../../../domain/public-data'
import { switchLanguage } from '../../../i18n/languages'
import { apiError, stubApi } from '../../../test/api-stub'
import { renderRoute } from '../../../test/render-route'
import { OpenReportsMap } from './open-reports-map'
import { WeeklyTrend } from './weekly-trend'

const weeks = Array.from({ length: 26 }, (_, i) => ({
  week: new Date(Date.UTC(2026, 5, 1 + 7 * i)).toISOString().slice(0, 10),
  filed: 10 + i,
  resolved: i,
}))

const stats: PublicStats = {
  totals: {
    total: 1234,
    pending: 400,
    in_progress: 334,
    resolved: 500,
    resolution_rate: 41,
    median_resolution_hours: 30,
    on_time_rate: 62,
  },
  by_category: [
    {
      category_id: 1,
      category: 'Voirie',
      total: 1000,
      resolved: 450,
      in_progress: 300,
      pending: 250,
      resolution_rate: 45,
      median_resolution_hours: 72.4,
      on_time_rate: 70,
    },
    {
      category_id: 2,
      category: 'Propreté',
      total: 234,
      resolved: 50,
      in_progress: 34,
      pending: 150,
      resolution_rate: 21,
      median_resolution_hours: null,
      on_time_rate: null,
    },
  ],
  by_week: weeks,
  organization_count: 12,
  by_organization: Array.from({ length: 10 }, (_, i) => ({
    organization_id: `org-${i}`,
    name: `Mairie ${i + 1}`,
    managed: 100 - i,
    resolved: 50,
    resolution_rate: 50,
    median_claim_hours: 0.5,
    median_resolution_hours: 5,
    on_time_rate: i === 0 ? 88 : null,
  })),
  open_by_area: [
    { latitude: 14.679, longitude: -17.4485, open: 30, commune: 'Médina' },
    { latitude: 14.68, longitude: -17.447, open: 4, commune: 'Médina' },
    { latitude: 14.753, longitude: -17.472, open: 12, commune: 'Yoff' },
    { latitude: 14.5, longitude: -17.1, open: 2, commune: null },
  ],
  area_limits_imported: false,
}

afterEach(async () => {
  await switchLanguage('fr')
})

/**
 * /statistiques with its figures, once they are shown. Each test below reads one part of the
 * page: the whole page's checks in one test made over twenty role queries on a page of some 500
 * elements, more than Vitest's 5 s on a busy machine.
 */
async function openStatistics(region: string, wait?: { timeout: number }, body: PublicStats = stats) {
  stubApi({ 'GET /api/public/stats?organizations=10': { status: 200, body } })
  const page = renderRoute('/statistiques')
  return { page, region: within(await screen.findByRole('region', { name: region }, wait)) }
}

// The page's code is loaded once for the file, by rendering the page once (the router fetches its
// screen, then the page its toasts, footer and texts: some thirty modules to transform). The
// tests then time what the page does; the first of them used to pay for this loading too, about
// a third of its time. Loading code is what a busy machine slows most: this hook, and its wait
// for the page, have the time they need.
beforeAll(async () => {
  const { page } = await openStatistics('Chiffres clés', { timeout: 60_000 })
  page.unmount()
}, 60_000)

describe('/statistiques', () => {
  it('shows the key figures under the page title', async () => {
    const { region: figures } = await openStatistics('Chiffres clés')
    expect(figures.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      '1\u202f234',
      '500',
      '41\u00a0%',
      '30 h',
      '62\u00a0%',
    ])
    expect(figures.getByText('Résolus dans les délais')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Statistiques publiques' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Statistiques | Alertes urbaines'))
  })

  it('shows the rate, the median times and the on-time rate per category and per organisation', async () => {
    const { region: categories } = await openStatistics('Par catégorie')
    expect(categories.getByRole('img', { name: /^Voirie – 45/ })).toBeInTheDocument()
    expect(
      categories.getByText('45 % résolus (450 sur 1 000) · résolu en 3 j (médiane) · dans les délais : 70 %'),
    ).toBeInTheDocument()
    // Nothing resolved nor late: no on-time rate to give.
    expect(categories.getByText('21 % résolus (50 sur 234) · aucun résolu')).toBeInTheDocument()
    expect(
      screen.getByText(
        /^Dans les délais : la part des signalements résolus dans le délai fixé pour leur catégorie/,
      ),
    ).toBeInTheDocument()

    const organizations = within(screen.getByRole('region', { name: 'Par organisation' }))
    expect(organizations.getAllByRole('img')).toHaveLength(10)
    expect(
      organizations.getAllByText(
        '50 % résolus (50 sur 100) · pris en charge en moins d’une heure · résolu en 5 h (médiane) · dans les délais : 88 %',
      ),
    ).toHaveLength(1)
    expect(
      organizations.getByText(/Les 10 organisations qui gèrent le plus de signalements, sur 12/),
    ).toBeVisible()
  })

  it('shows the weekly trend, the open reports on a map, and the open data', async () => {
    const { region: trend } = await openStatistics('Semaine après semaine')
    expect(
      trend.getByRole('img', { name: /Signalements envoyés et résolus chaque semaine, sur 26 semaines/ }),
    ).toBeInTheDocument()
    expect(trend.getAllByRole('row')).toHaveLength(27)

    const map = within(screen.getByRole('region', { name: 'Où sont les problèmes en cours' }))
    expect(
      map.getByRole('img', { name: /Carte des signalements en attente ou en cours/ }),
    ).toBeInTheDocument()
    expect(map.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Médina34',
      'Yoff12',
      'Hors des communes de Dakar2',
    ])

    const openData = within(screen.getByRole('region', { name: 'Données ouvertes' }))
    expect(openData.getByRole('link', { name: 'Télécharger en CSV' })).toHaveAttribute(
      'href',
      '/api/public/reports.csv',
    )
    expect(openData.getByRole('link', { name: 'Télécharger en GeoJSON' })).toHaveAttribute(
      'href',
      '/api/public/reports.geojson',
    )
    // The communes' limits are the centres' approximation: nothing of OpenStreetMap's to credit.
    expect(openData.queryByText(/Limites des communes/)).not.toBeInTheDocument()
  })

  it('credits OpenStreetMap for the communes’ limits once they are imported', async () => {
    const { region: openData } = await openStatistics('Données ouvertes', undefined, {
      ...stats,
      area_limits_imported: true,
    })
    expect(openData.getByText('Limites des communes :', { exact: false })).toBeInTheDocument()
    expect(
      openData.getByRole('link', { name: '© les contributeurs d’OpenStreetMap (ODbL)' }),
    ).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright')
  })

  it('reads in English', async () => {
    await switchLanguage('en')
    stubApi({
      'GET /api/public/stats?organizations=10': { status: 200, body: stats },
      'GET /api/categories': { status: 200, body: [] },
    })
    renderRoute('/statistiques')
    expect(await screen.findByRole('heading', { level: 1, name: 'Public statistics' })).toBeInTheDocument()
    expect(
      screen.getByText('45% resolved (450 of 1,000) · resolved in 3 d (median) · on time: 70%'),
    ).toBeInTheDocument()
    expect(
      screen.getByText(/^On time: the share of reports resolved within the time set/),
    ).toBeInTheDocument()
  })

  it('reads in Wolof, the on-time rate explained', async () => {
    await switchLanguage('wo')
    stubApi({
      'GET /api/public/stats?organizations=10': { status: 200, body: stats },
      'GET /api/categories': { status: 200, body: [] },
    })
    renderRoute('/statistiques')
    expect(await screen.findByText('Defar nañu ko ci jamono')).toBeInTheDocument()
    expect(screen.getByText(/^Ci jamono : yégle yi ñu defar ci diir bi ñu tëral/)).toBeInTheDocument()
  })

  it('says when the statistics cannot be loaded, and tries again', async () => {
    stubApi({
      'GET /api/public/stats?organizations=10': apiError(
        503,
        'database_unavailable',
        'Service indisponible.',
      ),
    })
    renderRoute('/statistiques')
    expect(await screen.findByRole('alert')).toHaveTextContent('Service indisponible.')
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument()
  })
})

describe('the charts server-rendered', () => {
  it('are SVG with their figures as text, with no script needed', () => {
    const trend = renderToString(<WeeklyTrend weeks={weeks} />)
    expect(trend).toContain('<svg')
    expect(trend).toContain('<polyline')
    expect(trend).toMatch(/<title>Semaine du 1 juin 2026 : 10 envoyés, 0 résolus<\/title>/)
    const map = renderToString(<OpenReportsMap areas={stats.open_by_area} />)
    expect(map).toContain('<circle')
    expect(map).toMatch(/<title>Médina : 30 en cours<\/title>/)
  })
  it('draw each commune by its name at its centre, by its outline where one is known', () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(
      <OpenReportsMap
        areas={stats.open_by_area}
        communes={[
          {
            name: 'Médina',
            latitude: 14.679,
            longitude: -17.4485,
            radiusM: 650,
            outline: [
              [
                [-17.455, 14.675],
                [-17.442, 14.675],
                [-17.442, 14.684],
                [-17.455, 14.684],
              ],
            ],
          },
          { name: 'Yoff', latitude: 14.753, longitude: -17.472, radiusM: 800 },
        ]}
      />,
    )
    const svg = container.querySelector('svg')
    expect([...(svg?.querySelectorAll('text') ?? [])].map((text) => text.textContent)).toEqual([
      'Médina',
      'Yoff',
    ])
    // Médina's land is its outline (one closed ring), Yoff's its circle.
    expect(svg?.querySelectorAll('path')).toHaveLength(1)
    expect(svg?.querySelector('path')?.getAttribute('d')).toMatch(/^M[\d. ]+(L[\d. ]+){3}Z$/)
  })
})
