import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, stubApi } from '../../../test/api-stub'
import { stubEventSource } from '../../../test/event-source'
import { ORGANIZATION_STATS, organizationProfile } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import { signInOrganization } from '../../../test/sessions'

beforeEach(() => {
  stubEventSource()
  signInOrganization()
})

describe('Organisation dashboard', () => {
  it('shows placeholders while the counts load', async () => {
    stubApi({ 'GET /api/org/me': 'pending', 'GET /api/org/stats': 'pending' })
    renderRoute('/organization/dashboard')
    // The name of the session greets at once.
    expect(await screen.findByRole('heading', { name: 'Bienvenue, Mairie de la Médina' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Tableau de bord' })).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByText('42 %')).not.toBeInTheDocument()
  })

  it('welcomes the organisation and shows its four counts, the resolution rate and the messages sent', async () => {
    stubApi({
      'GET /api/org/me': { status: 200, body: organizationProfile({ name: 'Mairie de Gorée' }) },
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
    })
    renderRoute('/organization')
    expect(await screen.findByRole('heading', { name: 'Bienvenue, Mairie de Gorée' })).toBeInTheDocument()
    expect(document.title).toBe('Tableau de bord | Espace Organisation')
    const counts = screen.getByRole('region', { name: 'Tableau de bord' })
    const count = (label: string) => within(counts).getByText(label).parentElement
    await waitFor(() => expect(count('Total assignés')).toHaveTextContent('12'))
    expect(count('En attente')).toHaveTextContent('3')
    expect(count('En cours')).toHaveTextContent('4')
    expect(count('Résolus')).toHaveTextContent('5')
    expect(screen.getByText('42 %')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Taux de résolution' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    )
    expect(screen.getByText('5 résolu(s) sur 12')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Notifications envoyées' }).parentElement).toHaveTextContent(
      '7',
    )
    // A team of one has no table of its members.
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows each member’s reports, open and resolved, for a team (issue 29)', async () => {
    const members = [
      { id: 'a1', name: 'Awa Ndiaye', open: 0, resolved: 2 },
      { id: 'a2', name: 'Moussa Diop', open: 3, resolved: 1 },
    ]
    stubApi({
      'GET /api/org/me': { status: 200, body: organizationProfile() },
      'GET /api/org/stats': { status: 200, body: { ...ORGANIZATION_STATS, members } },
    })
    renderRoute('/organization')
    const table = await screen.findByRole('table', { name: 'Signalements confiés à chaque membre' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['Awa Ndiaye02', 'Moussa Diop31'])
  })

  it('reloads the counts with the refresh button', async () => {
    let total = 12
    const api = stubApi({
      'GET /api/org/me': { status: 200, body: organizationProfile() },
      'GET /api/org/stats': () => ({ status: 200, body: { ...ORGANIZATION_STATS, total } }),
    })
    const user = userEvent.setup()
    renderRoute('/organization/dashboard')
    await screen.findByText('5 résolu(s) sur 12')
    total = 13
    await user.click(screen.getByRole('button', { name: 'Actualiser' }))
    expect(await screen.findByText('5 résolu(s) sur 13')).toBeInTheDocument()
    expect(api.callsTo('GET', '/api/org/stats')).toHaveLength(2)
  })

  it('says when the counts cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail = true
    stubApi({
      'GET /api/org/me': { status: 200, body: organizationProfile() },
      'GET /api/org/stats': () =>
        fail
          ? apiError(500, 'internal', 'Une erreur interne est survenue.')
          : { status: 200, body: ORGANIZATION_STATS },
    })
    const user = userEvent.setup()
    renderRoute('/organization/dashboard')
    expect(await screen.findByText('Impossible de charger le tableau de bord')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByText('42 %')).toBeInTheDocument()
  })
})
