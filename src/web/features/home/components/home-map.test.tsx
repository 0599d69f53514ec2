import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { stubApi } from '../../../test/api-stub'
import { renderRoute } from '../../../test/render-route'

// The live map's code cannot be fetched: a phone offline before its service worker kept the file.
const fetchAttempts = vi.hoisted(() => vi.fn())
vi.mock('./home-map-view', () => {
  fetchAttempts()
  throw new TypeError('Failed to fetch dynamically imported module')
})

describe('the home map without its live map’s code', () => {
  it('keeps its preview when a touch cannot start the live map, and the page stays', async () => {
    const user = userEvent.setup()
    stubApi({
      '/api/reports/recent': { status: 200, body: [] },
      '/api/reports/count': { status: 200, body: { count: 0 } },
      '/api/reports/map': { status: 200, body: { points: [], clusters: [] } },
    })
    renderRoute('/')
    const preview = await screen.findByRole('button', {
      name: 'Carte interactive de Dakar pour les signalements',
    })
    await user.click(preview)
    await waitFor(() => expect(fetchAttempts).toHaveBeenCalledTimes(1))
    // Still there, and a second touch tries again.
    await user.click(
      await screen.findByRole('button', { name: 'Carte interactive de Dakar pour les signalements' }),
    )
    await waitFor(() => expect(fetchAttempts).toHaveBeenCalledTimes(2))
    expect(preview).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Incidents récents' })).toBeInTheDocument()
    expect(screen.queryByText(/Une erreur inattendue est survenue/)).not.toBeInTheDocument()
  })
})
