import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { stubApi } from '../../../test/api-stub'
import { FakeEventSource, liveStreamTickets, stubEventSource } from '../../../test/event-source'
import { ORGANIZATION_STATS, organizationProfile } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import { ORGANIZATION_ID, signInOrganization } from '../../../test/sessions'

beforeEach(() => {
  stubEventSource()
  signInOrganization()
})

describe('a report handed to the signed-in member', () => {
  it('shows "Nouveau signalement confié : <catégorie>" with a link to Ma tournée, once', async () => {
    const api = stubApi({
      'GET /api/org/me': { status: 200, body: organizationProfile() },
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      ...liveStreamTickets(),
    })
    const { router } = renderRoute('/organization')
    await screen.findByRole('heading', { name: 'Bienvenue, Mairie de la Médina' })
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1))
    const statsAsked = api.callsTo('GET', '/api/org/stats').length

    const [stream] = FakeEventSource.open()
    const event = {
      type: 'reports.handed-over',
      reportId: 'a1b2c3d4-0000-4000-8000-000000000001',
      organizationId: ORGANIZATION_ID,
      category: 'Voirie',
    }
    stream?.emit('reports.handed-over', event)
    stream?.emit('reports.handed-over', event)
    // Matched after the usual whitespace normalisation (the text has a narrow no-break space).
    expect(
      await screen.findByText('Nouveau signalement confié : Voirie', { selector: '[data-title]' }),
    ).toBeInTheDocument()
    const links = screen.getAllByRole('link', { name: 'Voir ma tournée' })
    expect(links).toHaveLength(1)
    expect(links[0]).toHaveAttribute('href', '/organization/tournee')
    // The counts are asked again: the report is now the member's.
    await waitFor(() => expect(api.callsTo('GET', '/api/org/stats').length).toBeGreaterThan(statsAsked))

    // A click only: the toast's swipe handling asks for pointer capture, which jsdom lacks.
    fireEvent.click(links[0] as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/tournee'))
  })
})
