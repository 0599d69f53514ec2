import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { clear } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keptLists } from '../../../pwa/kept-lists'
import { type Answer, pageReply, stubApi } from '../../../test/api-stub'
import { stubEventSource } from '../../../test/event-source'
import { organizationReport } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import {
  ORGANIZATION_ID,
  ORGANIZATION_USER,
  organizationSession,
  signInOrganization,
} from '../../../test/sessions'
import { queuedFieldActions, removeFieldAction } from './field-outbox'

// jsdom cannot draw Leaflet: the map module (loaded on demand) is replaced, nothing else is.
vi.mock('../../../components/report/report-location-map', () => ({
  default: ({ latitude, longitude }: { latitude: number; longitude: number }) => (
    <div data-testid="leaflet-map">{`${latitude} ${longitude}`}</div>
  ),
}))

const PATH = '/organization/tournee'
const MANAGED = '/api/org/reports/managed'
const AGENT = {
  id: '0b6a1f7e-6a3c-4c1e-9d2a-0000000000a2',
  name: 'Moussa Diop',
  email: 'moussa.diop@mairie-medina.sn',
  role: 'agent',
} as const

const handedToMe = (overrides: Parameters<typeof organizationReport>[0]) =>
  organizationReport({
    status: 'en-cours',
    assigned_organization_id: ORGANIZATION_ID,
    claimed_at: '2026-11-23T08:00:00.000Z',
    assignee: { id: AGENT.id, name: AGENT.name },
    ...overrides,
  })

const pothole = handedToMe({
  type: 'Voirie',
  anonymous_code: 'K7M2QX4P',
  latitude: 14.6928,
  longitude: -17.4467,
})
const lamp = handedToMe({
  type: 'Éclairage public',
  anonymous_code: 'P3LM8RZ2',
  description: 'Lampadaire éteint devant la pharmacie.',
  latitude: 14.7,
  longitude: -17.46,
})

/** The phone's answer when the page asks for its position. */
function stubGeolocation(answer: (found: (position: unknown) => void, failed: () => void) => void) {
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition: answer },
    configurable: true,
  })
}

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
}

const cardOf = async (type: string) =>
  (await screen.findByRole('heading', { name: type })).closest('article') as HTMLElement

beforeEach(() => {
  stubEventSource()
  signInOrganization(organizationSession({ user: { ...ORGANIZATION_USER, member: AGENT } }))
})

afterEach(async () => {
  // The list kept and the actions queued are one IndexedDB for the file: each test starts with none.
  for (const entry of await queuedFieldActions(AGENT.id)) await removeFieldAction(entry.key)
  await clear(keptLists())
  Reflect.deleteProperty(navigator, 'geolocation')
})

describe('Ma tournée (/organization/tournee)', () => {
  it('shows an agent the reports handed to them, from the phone’s position, each with what to do there', async () => {
    stubGeolocation((found) => found({ coords: { latitude: 14.693, longitude: -17.447 } }))
    const api = stubApi({ [MANAGED]: pageReply([pothole, lamp], { pageSize: 50 }) })
    renderRoute(PATH)

    expect(await screen.findByRole('heading', { level: 1, name: 'Ma tournée' })).toBeInTheDocument()
    const card = await cardOf('Voirie')
    // Asked for my reports, nearest first from where the phone is.
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET', MANAGED).at(-1)?.search ?? [])).toEqual({
        assignee: 'me',
        near: '14.69300,-17.44700',
      }),
    )
    for (const call of api.callsTo('GET', MANAGED)) expect(call.search.get('assignee')).toBe('me')
    expect(await within(card).findByText('À 40 m')).toBeInTheDocument()
    expect(within(await cardOf('Éclairage public')).getByText(/^À 1,6\skm$/)).toBeInTheDocument()

    const status = within(card).getByRole('group', { name: 'Statut du signalement K7M2QX4P' })
    expect(within(status).getByRole('button', { name: 'En cours' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(status).getByRole('button', { name: 'Résolu' })).toHaveAttribute('aria-pressed', 'false')
    expect(
      within(card).getByRole('button', { name: 'Envoyer un message au citoyen du signalement K7M2QX4P' }),
    ).toHaveTextContent('Envoyer un message')
    expect(within(card).getByRole('button', { name: 'Photo après intervention' })).toBeInTheDocument()
    expect(within(card).getByText('14.69280, -17.44670')).toBeInTheDocument()
    // Its commune, to know which town hall's streets the agent is in.
    expect(within(card).getByText('Commune : Médina')).toBeInTheDocument()
    expect(
      within(card).getByRole('link', {
        name: 'Itinéraire vers le signalement, dans l’application de cartes du téléphone',
      }),
    ).toHaveAttribute('href', 'geo:14.69280,-17.44670?q=14.69280,-17.44670(Voirie)')
    expect(
      within(card).getByRole('link', { name: 'Itinéraire vers le signalement, sur OpenStreetMap' }),
    ).toHaveTextContent('Itinéraire')
    expect(screen.queryByText(/Hors connexion/)).not.toBeInTheDocument()
  })

  it('marks a report past its resolve target "En retard"', async () => {
    stubGeolocation((_, failed) => failed())
    stubApi({ [MANAGED]: pageReply([{ ...lamp, overdue: 'resolve' }, pothole], { pageSize: 50 }) })
    renderRoute(PATH)
    const late = await cardOf('Éclairage public')
    expect(within(late).getByRole('img', { name: 'Résolution en retard' })).toHaveTextContent('En retard')
    expect(within(await cardOf('Voirie')).queryByText('En retard')).toBeNull()
  })

  it('offline, shows the list kept at the last visit, keeps "Résolu" waiting, and sends it once when the connection returns', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'))
    const user = userEvent.setup()
    // Yesterday, with a connection: the list is kept on the phone.
    stubApi({ [MANAGED]: pageReply([pothole], { pageSize: 50 }) })
    const visit = renderRoute(PATH)
    await cardOf('Voirie')
    visit.unmount()

    // This morning, in a street without network.
    vi.setSystemTime(new Date('2026-11-28T08:00:00.000Z'))
    goOffline()
    let online = false
    const whenOnline =
      (answer: Exclude<Answer, (...args: never[]) => unknown>): Answer =>
      () =>
        online ? answer : 'offline'
    const api = stubApi({
      [MANAGED]: whenOnline(pageReply([{ ...pothole, status: 'resolu' }], { pageSize: 50 })),
      [`PATCH /api/org/reports/${pothole.id}`]: whenOnline({
        status: 200,
        body: { ...pothole, status: 'resolu' },
      }),
    })
    renderRoute(PATH)

    expect(
      await screen.findByText(/^Hors connexion : liste enregistrée le 27 novembre 2026 à \d\d:\d\d\.$/),
    ).toBeInTheDocument()
    const card = await cardOf('Voirie')
    await user.click(within(card).getByRole('button', { name: 'Résolu' }))
    expect(await within(card).findByText('En attente d’envoi')).toBeInTheDocument()
    expect(within(card).getByText('Statut « Résolu »')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Résolu' })).toHaveAttribute('aria-pressed', 'true')
    expect(
      screen.getByText('1 action en attente d’envoi : elle partira dès le retour de la connexion.'),
    ).toBeInTheDocument()
    const triedOffline = api.callsTo('PATCH', `/api/org/reports/${pothole.id}`).length

    // The network comes back.
    online = true
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(screen.queryByText(/en attente d’envoi/)).not.toBeInTheDocument())
    expect(within(card).queryByText('En attente d’envoi')).not.toBeInTheDocument()
    // The list is the server's again, the report resolved there.
    await waitFor(() => expect(screen.queryByText(/Hors connexion/)).not.toBeInTheDocument())
    expect(within(await cardOf('Voirie')).getByText('Résolu', { selector: 'span' })).toBeInTheDocument()

    const patches = api.callsTo('PATCH', `/api/org/reports/${pothole.id}`)
    expect(patches.length - triedOffline).toBe(1)
    expect(patches.at(-1)?.body).toEqual({ status: 'resolu' })
    const key = patches.at(-1)?.headers.get('idempotency-key')
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/)
    // Every attempt was the same action, under the same key: the server does it once.
    expect(new Set(patches.map((call) => call.headers.get('idempotency-key')))).toEqual(new Set([key]))
    expect(await queuedFieldActions(AGENT.id)).toEqual([])
  })

  it('offline with no list ever kept on this phone, says so', async () => {
    goOffline()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({ [MANAGED]: 'offline' })
    renderRoute(PATH)
    expect(
      await screen.findByText(
        'Hors connexion, et aucune liste n’a encore été enregistrée sur ce téléphone. Ouvrez « Ma tournée » une fois avec une connexion.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
  })

  it('sends an action done while the one before is still on its way, without waiting for another reconnection', async () => {
    const user = userEvent.setup()
    const api = stubApi({
      [MANAGED]: pageReply([{ ...pothole, status: 'en-attente' }], { pageSize: 50 }),
      [`PATCH /api/org/reports/${pothole.id}`]: ({ body }) => ({
        status: 200,
        body: { ...pothole, ...(body as object) },
      }),
    })
    // The first answer is slow (a street's weak signal): the agent taps again meanwhile.
    let release = () => {}
    const slow = new Promise<void>((resolve) => {
      release = resolve
    })
    const answered = api.fetchMock.getMockImplementation() as typeof fetch
    let first = true
    api.fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PATCH' && first) {
        first = false
        await slow
      }
      return answered(input, init)
    })
    renderRoute(PATH)
    const card = await cardOf('Voirie')
    await user.click(within(card).getByRole('button', { name: 'En cours' }))
    await waitFor(() => expect(first).toBe(false))
    await user.click(within(card).getByRole('button', { name: 'Résolu' }))
    await waitFor(() => expect(within(card).getAllByText('En attente d’envoi')).toHaveLength(2))
    release()
    await waitFor(() => expect(within(card).queryByText('En attente d’envoi')).not.toBeInTheDocument())
    expect(api.callsTo('PATCH', `/api/org/reports/${pothole.id}`).map((call) => call.body)).toEqual([
      { status: 'en-cours' },
      { status: 'resolu' },
    ])
  })
})
