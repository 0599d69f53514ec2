import { screen, within } from '@testing-library/react'
import { useEffect } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { MapReports } from '../../../../domain/map'
import { stubApi } from '../../../test/api-stub'
import { renderRoute } from '../../../test/render-route'

const VIEW = '-17.5,14.6,-17.4,14.8'

// jsdom lays nothing out: the map's preview stands in with its one duty here, telling its view.
vi.mock('./home-map-preview', () => ({
  default: ({ onViewChange }: { onViewChange: (bbox: string) => void }) => {
    useEffect(() => onViewChange(VIEW), [onViewChange])
    return <div data-testid="map-preview" />
  },
}))

function renderHome(inView: MapReports) {
  const api = stubApi({
    '/api/reports/recent': { status: 200, body: [] },
    '/api/reports/count': { status: 200, body: { count: 0 } },
    [`GET /api/reports/map?bbox=${VIEW}`]: { status: 200, body: inView },
  })
  renderRoute('/')
  return api
}

describe('the list alternative of the home map', () => {
  it('lists what the map shows, reachable from a skip link, for those who do not use the map', async () => {
    renderHome({
      points: [
        {
          id: 'a',
          type: 'Voirie',
          status: 'en-cours',
          created_at: '2026-11-20T09:30:00Z',
          latitude: 14.7,
          longitude: -17.45,
          location_precision: 'point',
        },
        {
          id: 'b',
          type: 'Propreté',
          status: 'resolu',
          created_at: '2026-11-02T08:00:00Z',
          latitude: 14.71,
          longitude: -17.44,
          location_precision: 'point',
        },
      ],
      clusters: [],
    })
    const list = await screen.findByRole('region', { name: 'Signalements visibles sur la carte' })
    expect(await within(list).findByText('2 signalements dans cette partie de la carte')).toBeInTheDocument()
    const items = within(list).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Voirie')
    expect(items[0]).toHaveTextContent('20 novembre 2026')
    expect(items[0]).toHaveTextContent('En cours')
    expect(items[1]).toHaveTextContent('Propreté')
    expect(items[1]).toHaveTextContent('Résolu')
    // Each opens the report's public page.
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Voirie' })).toHaveAttribute(
      'href',
      '/signalements/a',
    )
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'Propreté' })).toHaveAttribute(
      'href',
      '/signalements/b',
    )
    expect(
      screen.getByRole('link', { name: 'Aller à la liste des signalements de la carte' }),
    ).toHaveAttribute('href', '#map-reports')
    expect(list).toHaveAttribute('id', 'map-reports')
  })

  it('says when the view holds too many reports to list them', async () => {
    renderHome({ points: [], clusters: [{ latitude: 14.7, longitude: -17.45, count: 120 }] })
    expect(
      await screen.findByText('Trop de signalements dans cette zone pour les lister : zoomez sur la carte.'),
    ).toBeInTheDocument()
  })

  it('says when this part of the map has no report', async () => {
    renderHome({ points: [], clusters: [] })
    expect(await screen.findByText('Aucun signalement dans cette partie de la carte.')).toBeInTheDocument()
  })
})
