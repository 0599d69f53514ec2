import { Blob as NodeBlob } from 'node:buffer'
import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CitizenReport } from '../../../../domain/citizen'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'
import { putQueuedReport, queuedReports } from '../../../lib/outbox/outbox-store'
import { stubApi } from '../../../test/api-stub'
import { FakeEventSource, liveStreamTickets, stubEventSource } from '../../../test/event-source'
import { historyLine } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'

const TOKEN = 'D'.repeat(43)

const resolved: CitizenReport = {
  id: 'r-2',
  anonymous_code: '7KQ2M9XD',
  type: 'Éclairage public',
  description: 'Lampadaire éteint devant la pharmacie.',
  status: 'resolu',
  address: 'Avenue Blaise Diagne, Médina',
  department: 'Dakar',
  latitude: 14.68,
  longitude: -17.45,
  photo_url: '/files/ab/ab000000000000000000000000000000.webp',
  photo_thumb_url: '/files/cd/cd000000000000000000000000000000.webp',
  audio_url: '/files/ef/ef000000000000000000000000000000.webm',
  resolution: null,
  created_at: '2026-11-20T09:30:00Z',
  updated_at: '2026-11-22T15:00:00Z',
  filed_by_this_device: true,
  supported_by_this_device: false,
  supporters_count: 2,
  resolution_question: null,
  history: [
    historyLine('created', '2026-11-20T09:30:00Z', { to_status: 'en-attente' }),
    historyLine('claimed', '2026-11-21T08:00:00Z', { from_status: 'en-attente', to_status: 'en-cours' }),
    historyLine('message_sent', '2026-11-21T08:05:00Z', { title: 'Intervention prévue' }),
    historyLine('status_changed', '2026-11-22T15:00:00Z', { from_status: 'en-cours', to_status: 'resolu' }),
  ],
}

const followed: CitizenReport = {
  ...resolved,
  id: 'r-1',
  // The code is the filer's alone.
  anonymous_code: null,
  type: 'Voirie',
  description: '',
  status: 'en-attente',
  address: null,
  department: null,
  photo_url: null,
  photo_thumb_url: null,
  audio_url: null,
  filed_by_this_device: false,
  history: [resolved.history[0] as CitizenReport['history'][number]],
}

beforeEach(() => {
  useCitizenDeviceStore.setState({ citizenToken: TOKEN })
})

describe('/mes-signalements', () => {
  it('invites to report when this device has never filed one, without asking the server', async () => {
    useCitizenDeviceStore.setState({ citizenToken: null, mintedToken: null })
    const { fetchMock } = stubApi({})
    renderRoute('/mes-signalements')
    expect(await screen.findByText('Aucun signalement pour le moment')).toBeInTheDocument()
    const main = within(screen.getByRole('main'))
    expect(main.getByRole('link', { name: 'Signaler un problème' })).toHaveAttribute('href', '/signaler')
    expect(main.getByRole('link', { name: 'Suivre avec un code' })).toHaveAttribute('href', '/suivi')
    await waitFor(() => expect(document.title).toBe('Mes signalements | Alertes urbaines'))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows placeholders while the reports load', async () => {
    stubApi({ 'GET /api/citizen/reports': 'pending' })
    renderRoute('/mes-signalements')
    expect(await screen.findByText('Chargement de vos signalements...')).toBeInTheDocument()
    expect(screen.getAllByTestId('report-card-skeleton')).toHaveLength(3)
  })

  it('shows the empty state when the server has none for this device', async () => {
    stubApi({ 'GET /api/citizen/reports': { status: 200, body: { items: [] } } })
    renderRoute('/mes-signalements')
    expect(await screen.findByText('Aucun signalement pour le moment')).toBeInTheDocument()
  })

  it('lists this device’s reports with status, date, photo, place, code, voice note and history', async () => {
    const user = userEvent.setup()
    const { calls } = stubApi({
      'GET /api/citizen/reports': { status: 200, body: { items: [resolved, followed] } },
    })
    renderRoute('/mes-signalements')
    expect(await screen.findByText('2 signalements')).toBeInTheDocument()
    expect(calls[0]?.headers.get('x-citizen-token')).toBe(TOKEN)

    const [first, second] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    expect(within(first).getByRole('heading', { name: 'Éclairage public' })).toBeInTheDocument()
    expect(within(first).getByText('Résolu')).toHaveClass('bg-green-100')
    expect(within(first).getByText('Signalé le 20 novembre 2026')).toBeInTheDocument()
    expect(within(first).getByText('Avenue Blaise Diagne, Médina')).toBeInTheDocument()
    expect(within(first).getByText('7KQ2M9XD')).toBeInTheDocument()
    expect(
      within(first).getByRole('img', { name: 'Photo du signalement\u202f: Éclairage public' }),
    ).toHaveAttribute('src', resolved.photo_thumb_url)
    expect(within(first).getByLabelText('Note vocale : Éclairage public')).toHaveAttribute(
      'src',
      resolved.audio_url,
    )
    // Its length shows before it is played (the browser reads the file's start).
    expect(within(first).getByLabelText('Note vocale : Éclairage public')).toHaveAttribute(
      'preload',
      'metadata',
    )

    await user.click(within(first).getByText('Historique (4)'))
    const history = first.querySelector('ol') as HTMLElement
    expect(
      within(history)
        .getAllByRole('listitem')
        // French typography: a narrow no-break space before the colon and inside « ».
        .map((item) => item.textContent?.replace(/\s+/g, ' ')),
    ).toEqual([
      expect.stringContaining('Signalement envoyé'),
      expect.stringContaining('Pris en charge'),
      expect.stringContaining('Message reçu : « Intervention prévue »'),
      expect.stringContaining('Statut modifié : En cours → Résolu'),
    ])
    expect(within(history).getByText(/^22 novembre 2026 à \d\d:\d\d$/)).toBeInTheDocument()

    expect(within(second).getByText('En attente')).toHaveClass('bg-red-100')
    expect(within(second).getByText('Suivi avec son code')).toBeInTheDocument()
    expect(within(second).queryByText(/^Code/)).not.toBeInTheDocument()
    // No address: the commune of Dakar it lies in, and its coordinates.
    expect(within(second).getByText('Médina (14.68000, -17.45000)')).toBeInTheDocument()
    expect(within(second).queryByRole('img')).not.toBeInTheDocument()
    expect(within(second).queryByLabelText(/Note vocale/)).not.toBeInTheDocument()
  })

  it('says plainly when the server does not know this device, and can forget it', async () => {
    const user = userEvent.setup()
    stubApi({
      'GET /api/citizen/reports': {
        status: 401,
        body: { error: { code: 'not_authenticated', message: 'Cet appareil n’est pas reconnu.' } },
      },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/mes-signalements')
    expect(
      await screen.findByRole('heading', { name: 'Cet appareil n’est plus reconnu' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Oublier cet identifiant' }))
    expect(useCitizenDeviceStore.getState().citizenToken).toBeNull()
    expect(await screen.findByText('Aucun signalement pour le moment')).toBeInTheDocument()
  })

  it('shows the server’s message when loading fails, and tries again', async () => {
    const user = userEvent.setup()
    let fail = true
    stubApi({
      'GET /api/citizen/reports': () =>
        fail
          ? {
              status: 500,
              body: { error: { code: 'internal', message: 'Une erreur interne est survenue.' } },
            }
          : { status: 200, body: { items: [resolved] } },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/mes-signalements')
    expect(await screen.findByText('Une erreur interne est survenue.')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('heading', { name: 'Éclairage public' })).toBeInTheDocument()
  })

  it('reloads live when the server says one of these reports changed', async () => {
    stubEventSource()
    let items = [followed]
    const api = stubApi({
      'GET /api/citizen/reports': () => ({ status: 200, body: { items } }),
      ...liveStreamTickets(),
    })
    renderRoute('/mes-signalements')
    expect(await screen.findByText('En attente')).toBeInTheDocument()
    // Opened with a ticket asked under the device's token, never with the token in its address.
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1))
    expect(api.callsTo('POST', '/api/events/ticket')[0]?.headers.get('x-citizen-token')).toBe(TOKEN)
    const [stream] = FakeEventSource.open()
    expect(stream?.url).toBe('/api/events?ticket=ticket-1')
    items = [{ ...followed, status: 'en-cours' }]
    act(() => stream?.emit('reports.changed', { type: 'reports.changed', reportId: followed.id }))
    expect(await screen.findByText('En cours')).toBeInTheDocument()
  })
})

describe('/mes-signalements opened offline', () => {
  it('says the list is unavailable offline instead of loading forever, and loads it once back online', async () => {
    // No network, and no copy of the list in the service worker: the first request fails.
    let online = false
    stubApi({
      'GET /api/citizen/reports': () => (online ? { status: 200, body: { items: [resolved] } } : 'offline'),
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    onlineManager.setOnline(false)
    try {
      // As the app does: a failed request is tried again, which waits for the network.
      renderRoute('/mes-signalements', { retry: 3, retryDelay: 10 })
      expect(await screen.findByText('Indisponible hors connexion')).toBeInTheDocument()
      expect(screen.queryByText('Chargement de vos signalements...')).not.toBeInTheDocument()
      online = true
      act(() => onlineManager.setOnline(true))
      expect(await screen.findByText('1 signalement')).toBeInTheDocument()
      expect(screen.queryByText('Indisponible hors connexion')).not.toBeInTheDocument()
    } finally {
      onlineManager.setOnline(true)
    }
  })
})

describe('/mes-signalements, reports waiting on the phone', () => {
  it('shows a report made offline as "En attente d’envoi", and cancels it after confirmation', async () => {
    const user = userEvent.setup()
    stubApi({ 'GET /api/citizen/reports': { status: 200, body: { items: [] } } })
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    await putQueuedReport({
      key: 'queued-key-0001',
      queuedAt: '2026-11-22T08:00:00Z',
      fields: {
        categoryId: 1,
        categoryName: 'Voirie',
        description: 'Caniveau bouché rue 7',
        address: '',
        department: 'Dakar',
        latitude: 14.7,
        longitude: -17.45,
      },
      // Node's Blob: IndexedDB (fake-indexeddb here) keeps it as a Blob, as a browser does.
      photo: {
        blob: new NodeBlob([new Uint8Array(200 * 1024)], { type: 'image/webp' }) as unknown as Blob,
        name: 'photo.webp',
      },
      audio: null,
      citizenToken: TOKEN,
      state: 'waiting',
      error: null,
      attempts: 0,
    })
    renderRoute('/mes-signalements')
    const card = (await screen.findByRole('heading', { name: 'Voirie' })).closest('article') as HTMLElement
    expect(screen.getByRole('heading', { name: '1 signalement en attente d’envoi' })).toBeInTheDocument()
    expect(within(card).getByText('En attente d’envoi')).toBeInTheDocument()
    expect(within(card).getByText('Photo : 200 Ko')).toBeInTheDocument()
    expect(
      within(card).getByText('Hors connexion : il partira tout seul dès le retour du réseau.'),
    ).toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: 'Annuler l’envoi' }))
    const dialog = await screen.findByRole('dialog', { name: 'Annuler ce signalement\u202f?' })
    await user.click(within(dialog).getByRole('button', { name: 'Oui, l’effacer' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Voirie' })).not.toBeInTheDocument())
    expect(await queuedReports()).toEqual([])
  })
})

describe('/mes-signalements, "Est-ce réglé ?"', () => {
  const asked: CitizenReport = { ...resolved, resolution_question: { can_reopen: true } }

  it('asks about a resolved report; "Non" reopens it after confirmation', async () => {
    const user = userEvent.setup()
    const api = stubApi({
      'GET /api/citizen/reports': { status: 200, body: { items: [asked] } },
      'POST /api/citizen/reports/r-2/reopen': {
        status: 200,
        body: { report_id: 'r-2', status: 'en-attente' },
      },
    })
    renderRoute('/mes-signalements')
    const question = await screen.findByRole('region', { name: /Est-ce réglé\u202f\?/ })
    expect(within(question).getByRole('button', { name: 'Oui, c’est réglé' })).toBeInTheDocument()
    await user.click(within(question).getByRole('button', { name: 'Non, toujours là' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rouvrir ce signalement\u202f?' })
    expect(within(dialog).getByText(/qu’une fois, dans les 30 jours/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Oui, le rouvrir' }))
    await waitFor(() => expect(api.callsTo('POST', '/api/citizen/reports/r-2/reopen')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/citizen/reports/r-2/reopen')[0]?.headers.get('x-citizen-token')).toBe(
      TOKEN,
    )
  })

  it('offers only "Oui" once the report was reopened, and shows the server’s refusal', async () => {
    const user = userEvent.setup()
    stubApi({
      'GET /api/citizen/reports': {
        status: 200,
        body: { items: [{ ...asked, resolution_question: { can_reopen: false } }] },
      },
      'POST /api/citizen/reports/r-2/confirm': {
        status: 409,
        body: { error: { code: 'conflict', message: 'Vous avez déjà confirmé que ce problème est réglé.' } },
      },
    })
    renderRoute('/mes-signalements')
    const question = await screen.findByRole('region', { name: /Est-ce réglé\u202f\?/ })
    expect(within(question).queryByRole('button', { name: 'Non, toujours là' })).not.toBeInTheDocument()
    expect(
      within(question).getByText('Vous l’avez déjà rouvert une fois : vous pouvez seulement confirmer.'),
    ).toBeInTheDocument()
    await user.click(within(question).getByRole('button', { name: 'Oui, c’est réglé' }))
    expect(await screen.findByText('Vous avez déjà confirmé que ce problème est réglé.')).toBeInTheDocument()
  })
})
