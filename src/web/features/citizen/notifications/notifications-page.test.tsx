import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CitizenNotification, CitizenReport } from '../../../../domain/citizen'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'
import { type Reply, stubApi } from '../../../test/api-stub'
import { renderRoute } from '../../../test/render-route'

const TOKEN = 'N'.repeat(43)

const unread: CitizenNotification = {
  id: 'n-2',
  report_id: 'r-1',
  anonymous_code: '7KQ2M9XD',
  report_type: 'Voirie',
  title: 'Intervention prévue',
  message: 'Une équipe passe jeudi matin.',
  type: 'info',
  created_at: '2026-11-22T10:00:00Z',
  read_at: null,
}
const read: CitizenNotification = {
  ...unread,
  id: 'n-1',
  title: 'Signalement pris en charge',
  message: 'La mairie de Médina s’en occupe.',
  created_at: '2026-11-21T09:00:00Z',
  read_at: '2026-11-21T12:00:00Z',
}

beforeEach(() => {
  useCitizenDeviceStore.setState({ citizenToken: TOKEN })
})

describe('/notifications', () => {
  it('explains where messages will appear when this device has never filed a report', async () => {
    useCitizenDeviceStore.setState({ citizenToken: null, mintedToken: null })
    const { fetchMock } = stubApi({})
    renderRoute('/notifications')
    expect(await screen.findByText('Aucune notification')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Notifications | Alertes urbaines'))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows placeholders while loading', async () => {
    stubApi({ 'GET /api/citizen/notifications': 'pending' })
    renderRoute('/notifications')
    expect(await screen.findByText('Chargement des notifications...')).toBeInTheDocument()
    expect(screen.getAllByTestId('notification-skeleton')).toHaveLength(3)
  })

  it('shows the empty state when no organisation wrote yet', async () => {
    stubApi({ 'GET /api/citizen/notifications': { status: 200, body: { items: [], unread: 0 } } })
    renderRoute('/notifications')
    expect(await screen.findByText('Aucune notification')).toBeInTheDocument()
  })

  it('lists the messages newest first, marks the unread ones, then marks them read on the server', async () => {
    const marked = vi.fn()
    const { calls } = stubApi({
      'GET /api/citizen/notifications': { status: 200, body: { items: [unread, read], unread: 1 } },
      'POST /api/citizen/notifications/read': (call) => {
        marked(call.headers.get('x-citizen-token'))
        return { status: 204 }
      },
    })
    renderRoute('/notifications')
    expect(await screen.findByText('2 messages, non lus : 1')).toBeInTheDocument()
    const [first, second] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    expect(within(first).getByRole('heading', { name: 'Intervention prévue' })).toBeInTheDocument()
    expect(within(first).getByText('Une équipe passe jeudi matin.')).toBeInTheDocument()
    expect(within(first).getByText('Voirie · code 7KQ2M9XD')).toBeInTheDocument()
    expect(within(first).getByText('Non lu')).toBeInTheDocument()
    expect(within(second).queryByText('Non lu')).not.toBeInTheDocument()
    await waitFor(() => expect(marked).toHaveBeenCalledWith(TOKEN))
    expect(calls[0]?.headers.get('x-citizen-token')).toBe(TOKEN)
    // Still marked while the citizen reads; the bell no longer counts it.
    expect(within(first).getByText('Non lu')).toBeInTheDocument()
    await waitFor(() =>
      expect(
        within(screen.getByRole('banner')).getByRole('link', { name: 'Notifications' }),
      ).toBeInTheDocument(),
    )
  })

  it('tries marking them read again when the request is lost, so that the bell stops counting them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let attempts = 0
    stubApi({
      'GET /api/citizen/notifications': { status: 200, body: { items: [unread, read], unread: 1 } },
      'POST /api/citizen/notifications/read': () => {
        attempts += 1
        return attempts === 1 ? 'offline' : { status: 204 }
      },
    })
    renderRoute('/notifications')
    expect(await screen.findByText('2 messages, non lus : 1')).toBeInTheDocument()
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('banner')).getByRole('link', { name: 'Notifications' }),
        ).toBeInTheDocument(),
      { timeout: 4000 },
    )
    expect(attempts).toBe(2)
  })

  it('keeps the bell cleared when the screen’s own read of the list answers after the marking', async () => {
    const user = userEvent.setup()
    let gets = 0
    let answerStaleRead: (reply: Reply) => void = () => {}
    let answerMarking: (reply: Reply) => void = () => {}
    stubApi({
      'GET /api/citizen/notifications': () => {
        gets += 1
        if (gets === 1) return { status: 200, body: { items: [unread, read], unread: 1 } }
        // Asked as the screen opens, read by the server before it marked them.
        if (gets === 2) return new Promise<Reply>((resolve) => (answerStaleRead = resolve))
        return { status: 200, body: { items: [{ ...unread, read_at: read.read_at }, read], unread: 0 } }
      },
      'POST /api/citizen/notifications/read': () =>
        new Promise<Reply>((resolve) => (answerMarking = resolve)),
    })
    renderRoute('/a-propos')
    await user.click(await screen.findByRole('link', { name: 'Notifications (1)' }))
    expect(await screen.findByText('2 messages, non lus : 1')).toBeInTheDocument()
    await waitFor(() => expect(gets).toBe(2))
    // Both answers arrive together: the marking's, then the older read's.
    answerMarking({ status: 204 })
    answerStaleRead({ status: 200, body: { items: [unread, read], unread: 1 } })
    await waitFor(() =>
      expect(
        within(screen.getByRole('banner')).getByRole('link', { name: 'Notifications' }),
      ).toBeInTheDocument(),
    )
  })

  it('does not mark anything when everything was read', async () => {
    const marked = vi.fn(() => ({ status: 204 }))
    stubApi({
      'GET /api/citizen/notifications': { status: 200, body: { items: [read], unread: 0 } },
      'POST /api/citizen/notifications/read': marked,
    })
    renderRoute('/notifications')
    expect(await screen.findByText('Signalement pris en charge')).toBeInTheDocument()
    expect(marked).not.toHaveBeenCalled()
  })

  it('says plainly when the server does not know this device', async () => {
    stubApi({
      'GET /api/citizen/notifications': {
        status: 401,
        body: { error: { code: 'not_authenticated', message: 'Cet appareil n’est pas reconnu.' } },
      },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/notifications')
    expect(
      await screen.findByRole('heading', { name: 'Cet appareil n’est plus reconnu' }),
    ).toBeInTheDocument()
  })

  it('shows the server’s message when loading fails', async () => {
    stubApi({
      'GET /api/citizen/notifications': {
        status: 503,
        body: { error: { code: 'unavailable', message: 'Service momentanément indisponible.' } },
      },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/notifications')
    expect(await screen.findByText('Service momentanément indisponible.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument()
  })
})

describe('/notifications, "Est-ce réglé ?"', () => {
  const resolvedReport: CitizenReport = {
    id: 'r-9',
    anonymous_code: '9PQ4R7ST',
    type: 'Éclairage public',
    description: 'Lampadaire éteint devant la pharmacie.',
    status: 'resolu',
    address: null,
    department: 'Dakar',
    latitude: 14.68,
    longitude: -17.45,
    photo_url: null,
    photo_thumb_url: null,
    audio_url: null,
    resolution: null,
    created_at: '2026-11-20T09:30:00Z',
    updated_at: '2026-11-22T15:00:00Z',
    filed_by_this_device: true,
    supported_by_this_device: false,
    supporters_count: 0,
    resolution_question: { can_reopen: true },
    history: [],
  }

  it('asks about a report marked resolved; "Oui" confirms it and the question goes away', async () => {
    const user = userEvent.setup()
    let confirmed = false
    const api = stubApi({
      'GET /api/citizen/notifications': { status: 200, body: { items: [], unread: 0 } },
      'GET /api/citizen/reports': () => ({
        status: 200,
        body: {
          items: [{ ...resolvedReport, resolution_question: confirmed ? null : { can_reopen: true } }],
        },
      }),
      'POST /api/citizen/reports/r-9/confirm': () => {
        confirmed = true
        return { status: 200, body: { report_id: 'r-9', status: 'resolu' } }
      },
    })
    renderRoute('/notifications')
    const list = await screen.findByRole('region', { name: 'Vos signalements marqués «\u202fRésolu\u202f»' })
    expect(list).toHaveTextContent('9PQ4R7ST')
    const question = within(list).getByRole('region', { name: /Est-ce réglé\u202f\?/ })
    await user.click(within(question).getByRole('button', { name: 'Oui, c’est réglé' }))
    expect(await screen.findByText('Merci ! Résolution confirmée')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/citizen/reports/r-9/confirm')[0]?.headers.get('x-citizen-token')).toBe(
      TOKEN,
    )
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Vos signalements marqués «\u202fRésolu\u202f»' }),
      ).not.toBeInTheDocument(),
    )
  })
})
