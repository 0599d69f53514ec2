import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { TrackedReport } from '../../../../domain/citizen'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'
import { stubApi } from '../../../test/api-stub'
import { renderRoute } from '../../../test/render-route'

const tracked: TrackedReport = {
  anonymous_code: '7KQ2M9XD',
  type: 'Voirie',
  status: 'en-cours',
  department: 'Dakar',
  created_at: '2026-11-20T09:30:00Z',
  updated_at: '2026-11-21T08:00:00Z',
  claimed_at: '2026-11-21T08:00:00Z',
  resolved_at: null,
  history: [
    { kind: 'created', from_status: null, to_status: 'en-attente', created_at: '2026-11-20T09:30:00Z' },
    { kind: 'claimed', from_status: 'en-attente', to_status: 'en-cours', created_at: '2026-11-21T08:00:00Z' },
  ],
}

beforeEach(() => {
  useCitizenDeviceStore.setState({ citizenToken: null })
})

describe('/suivi', () => {
  it('opens with the code of the address filled and looked up, case-insensitively', async () => {
    const { fetchMock } = stubApi({ 'GET /api/reports/track/7KQ2M9XD': { status: 200, body: tracked } })
    renderRoute('/suivi?code=7kq2m9xd')
    expect(await screen.findByRole('heading', { name: 'Voirie' })).toBeInTheDocument()
    expect(screen.getByLabelText('Code du signalement')).toHaveValue('7kq2m9xd')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const card = screen.getByRole('article')
    expect(within(card).getByText('En cours')).toHaveClass('bg-yellow-100')
    expect(within(card).getByText('7KQ2M9XD')).toBeInTheDocument()
    const dates = within(card)
      .getAllByRole('definition')
      .map((item) => item.textContent)
    expect(dates).toEqual(['Dakar', '20 novembre 2026', '21 novembre 2026', '—', '21 novembre 2026'])
    expect(within(card).getByText('Signalement envoyé')).toBeInTheDocument()
    expect(within(card).getByText('Pris en charge')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Suivi des signalements | Alertes urbaines'))
  })

  it('shows placeholders while looking the code up', async () => {
    stubApi({ 'GET /api/reports/track/7KQ2M9XD': 'pending' })
    renderRoute('/suivi?code=7KQ2M9XD')
    expect(await screen.findByText('Recherche...')).toBeInTheDocument()
  })

  it('refuses a code that cannot be one without asking the server', async () => {
    const user = userEvent.setup()
    const { fetchMock } = stubApi({})
    renderRoute('/suivi')
    await user.type(await screen.findByLabelText('Code du signalement'), 'ABC')
    await user.click(screen.getByRole('button', { name: 'Rechercher' }))
    expect(screen.getByText('Le code comporte 8 caractères (lettres et chiffres).')).toBeInTheDocument()
    expect(screen.getByLabelText('Code du signalement')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('looks up a typed code and says when no report has it', async () => {
    const user = userEvent.setup()
    stubApi({
      'GET /api/reports/track/ZZZZZZZZ': {
        status: 404,
        body: {
          error: {
            code: 'not_found',
            message: 'Aucun signalement ne correspond à ce code. Vérifiez les 8 caractères.',
          },
        },
      },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { router } = renderRoute('/suivi')
    await user.type(await screen.findByLabelText('Code du signalement'), ' zzzzzzzz ')
    await user.click(screen.getByRole('button', { name: 'Rechercher' }))
    expect(
      await screen.findByText('Aucun signalement ne correspond à ce code. Vérifiez les 8 caractères.'),
    ).toBeInTheDocument()
    expect(router.state.location.search).toBe('?code=ZZZZZZZZ')
  })

  it('shows other failures with a way to try again', async () => {
    stubApi({
      'GET /api/reports/track/7KQ2M9XD': {
        status: 500,
        body: { error: { code: 'internal', message: 'Une erreur interne est survenue.' } },
      },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/suivi?code=7KQ2M9XD')
    expect(await screen.findByText('Une erreur interne est survenue.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument()
  })

  it('follows the report on this device and keeps the token the server returns', async () => {
    const user = userEvent.setup()
    const followed = vi.fn()
    stubApi({
      'GET /api/reports/track/7KQ2M9XD': { status: 200, body: tracked },
      'POST /api/citizen/follows': (call) => {
        followed(call.body, call.headers.get('x-citizen-token'))
        return { status: 201, body: { citizenToken: 'F'.repeat(43), report_id: 'r-1' } }
      },
    })
    renderRoute('/suivi?code=7KQ2M9XD')
    await user.click(await screen.findByRole('button', { name: 'Suivre sur cet appareil' }))
    expect(await screen.findByText('Ce signalement est suivi sur cet appareil.')).toBeInTheDocument()
    // Matched after the usual whitespace normalisation (the text has no-break spaces).
    expect(await screen.findByText('Ajouté à « Mes signalements »')).toBeInTheDocument()
    expect(followed).toHaveBeenCalledWith({ code: '7KQ2M9XD' }, null)
    expect(useCitizenDeviceStore.getState().citizenToken).toBe('F'.repeat(43))
    expect(screen.getByRole('link', { name: 'Voir mes signalements' })).toHaveAttribute(
      'href',
      '/mes-signalements',
    )
  })
})
