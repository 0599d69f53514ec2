import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TEAM_MESSAGES } from '../../../../domain/team-rules'
import { apiError, stubApi } from '../../../test/api-stub'
import { ORGANIZATION_USER, organizationSession, signInOrganization } from '../../../test/sessions'
import {
  type FieldAction,
  flushFieldActions,
  putFieldAction,
  type QueuedFieldAction,
  queuedFieldActions,
  removeFieldAction,
} from './field-outbox'

// jsdom's Blob does not survive fake-indexeddb's copy, and jsdom's FormData takes no other Blob (a
// real browser keeps the photo: e2e sends one queued offline): as in the citizen's outbox test
// (lib/outbox/flush-outbox.test.ts), the store is kept in memory here, read back in key order as
// IndexedDB does, so the queue's own order (by time) is what the test sees.
vi.mock('idb-keyval', () => {
  const stores = new Map<string, Map<string, unknown>>()
  const storeOf = (name: string) => {
    const store = stores.get(name) ?? new Map<string, unknown>()
    stores.set(name, store)
    return store
  }
  return {
    createStore: (database: string, name: string) => `${database}/${name}`,
    get: async (key: string, store: string) => storeOf(store).get(key),
    set: async (key: string, value: unknown, store: string) => void storeOf(store).set(key, value),
    del: async (key: string, store: string) => void storeOf(store).delete(key),
    values: async (store: string) =>
      [...storeOf(store)].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v),
  }
})

const AGENT = {
  id: '0b6a1f7e-6a3c-4c1e-9d2a-0000000000a2',
  name: 'Moussa Diop',
  email: 'moussa.diop@mairie-medina.sn',
  role: 'agent',
} as const
const OTHER_AGENT_ID = '0b6a1f7e-6a3c-4c1e-9d2a-0000000000a3'
const REPORT = '00000000-0000-4000-8000-000000000101'
const OTHER_REPORT = '00000000-0000-4000-8000-000000000102'

function queued(
  key: string,
  queuedAt: string,
  action: FieldAction,
  overrides: Partial<QueuedFieldAction> = {},
): QueuedFieldAction {
  return {
    key,
    memberId: AGENT.id,
    reportId: REPORT,
    queuedAt,
    action,
    state: 'waiting',
    error: null,
    ...overrides,
  }
}

const resolved: FieldAction = { kind: 'status', status: 'resolu' }
const message: FieldAction = {
  kind: 'message',
  title: 'Intervention terminée',
  message: 'Le nid-de-poule a été rebouché ce matin.',
}
const photo: FieldAction = {
  kind: 'photo',
  photo: new File([new Uint8Array(4096)], 'apres.jpg', { type: 'image/jpeg' }),
  fileName: 'apres.jpg',
  note: 'Rebouché au goudron.',
}

/** Every reply of the server when it takes them: the report, the message, the photo. */
const accepted = {
  [`PATCH /api/org/reports/${REPORT}`]: { status: 200, body: {} },
  [`POST /api/org/reports/${REPORT}/notifications`]: { status: 201, body: {} },
  [`POST /api/org/reports/${OTHER_REPORT}/resolution`]: { status: 201, body: {} },
}

const sentKeys = (calls: { headers: Headers }[]) => calls.map((call) => call.headers.get('idempotency-key'))

beforeEach(() => {
  signInOrganization(
    organizationSession({ user: { ...ORGANIZATION_USER, member: AGENT }, token: 'agent-token' }),
  )
})

afterEach(async () => {
  for (const member of [AGENT.id, OTHER_AGENT_ID])
    for (const entry of await queuedFieldActions(member)) await removeFieldAction(entry.key)
})

describe('the field agent’s actions waiting on the phone', () => {
  it('sends them oldest first as the member, each under its own Idempotency-Key, then forgets them', async () => {
    // Queued in another order than their keys' and put in reverse: only their time orders them.
    await putFieldAction(queued('c-photo', '2026-11-27T09:10:00.000Z', photo, { reportId: OTHER_REPORT }))
    await putFieldAction(queued('a-message', '2026-11-27T09:05:00.000Z', message))
    await putFieldAction(queued('b-status', '2026-11-27T09:00:00.000Z', resolved))
    const api = stubApi(accepted)

    expect(await flushFieldActions(AGENT.id)).toEqual({ sent: 3, waiting: 0, refused: 0 })

    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PATCH /api/org/reports/${REPORT}`,
      `POST /api/org/reports/${REPORT}/notifications`,
      `POST /api/org/reports/${OTHER_REPORT}/resolution`,
    ])
    expect(sentKeys(api.calls)).toEqual(['b-status', 'a-message', 'c-photo'])
    expect(api.calls.map((call) => call.authorization)).toEqual(Array(3).fill('Bearer agent-token'))
    const [status, note, picture] = api.calls
    expect(status?.headers.get('content-type')).toBe('application/json')
    expect(status?.body).toEqual({ status: 'resolu' })
    expect(note?.headers.get('content-type')).toBe('application/json')
    expect(note?.body).toEqual({
      title: 'Intervention terminée',
      message: 'Le nid-de-poule a été rebouché ce matin.',
    })
    // Multipart: the browser writes its boundary, so no content-type of ours.
    expect(picture?.headers.get('content-type')).toBeNull()
    const form = api.fetchMock.mock.calls[2]?.[1]?.body as FormData
    expect(form).toBeInstanceOf(FormData)
    const file = form.get('photo') as File
    expect([file.name, file.size, file.type]).toEqual(['apres.jpg', 4096, 'image/jpeg'])
    expect(form.get('note')).toBe('Rebouché au goudron.')
    expect(await queuedFieldActions(AGENT.id)).toEqual([])
  })

  it('sends a photo without a note when the agent wrote none', async () => {
    await putFieldAction(
      queued('a-photo', '2026-11-27T09:00:00.000Z', { ...photo, note: '   ' }, { reportId: OTHER_REPORT }),
    )
    const api = stubApi(accepted)
    await flushFieldActions(AGENT.id)
    const form = api.fetchMock.mock.calls[0]?.[1]?.body as FormData
    expect(form.get('photo')).toBeInstanceOf(File)
    expect(form.has('note')).toBe(false)
  })

  it('stops the round when the network fails, keeps every action in its order, and sends each once when it returns', async () => {
    await putFieldAction(queued('k1', '2026-11-27T09:00:00.000Z', resolved))
    await putFieldAction(queued('k2', '2026-11-27T09:05:00.000Z', message))
    await putFieldAction(queued('k3', '2026-11-27T09:10:00.000Z', photo, { reportId: OTHER_REPORT }))
    let network: 'down' | 'busy' | 'up' = 'down'
    const answer = (ok: { status: number; body: unknown }) => () =>
      network === 'down'
        ? ('offline' as const)
        : network === 'busy'
          ? apiError(503, 'unavailable', 'Service indisponible.')
          : ok
    const api = stubApi(
      Object.fromEntries(Object.entries(accepted).map(([route, ok]) => [route, answer(ok)])),
    )

    expect(await flushFieldActions(AGENT.id)).toEqual({ sent: 0, waiting: 3, refused: 0 })
    // The first failure ends the round: the actions after it were not tried.
    expect(sentKeys(api.calls)).toEqual(['k1'])
    network = 'busy'
    expect(await flushFieldActions(AGENT.id)).toEqual({ sent: 0, waiting: 3, refused: 0 })
    expect(sentKeys(api.calls)).toEqual(['k1', 'k1'])
    expect((await queuedFieldActions(AGENT.id)).map(({ key, state }) => [key, state])).toEqual([
      ['k1', 'waiting'],
      ['k2', 'waiting'],
      ['k3', 'waiting'],
    ])

    network = 'up'
    expect(await flushFieldActions(AGENT.id)).toEqual({ sent: 3, waiting: 0, refused: 0 })
    expect(sentKeys(api.calls.slice(2))).toEqual(['k1', 'k2', 'k3'])
    expect(await flushFieldActions(AGENT.id)).toEqual({ sent: 0, waiting: 0, refused: 0 })
    expect(api.calls).toHaveLength(5)
  })

  it('sets aside an action the server refuses, with its French message, sends the next ones, and never that one again', async () => {
    await putFieldAction(queued('k1', '2026-11-27T09:00:00.000Z', resolved))
    await putFieldAction(queued('k2', '2026-11-27T09:05:00.000Z', message))
    const api = stubApi({
      ...accepted,
      [`PATCH /api/org/reports/${REPORT}`]: apiError(403, 'forbidden', TEAM_MESSAGES.notYourReport),
    })

    expect(await flushFieldActions(AGENT.id)).toEqual({ sent: 1, waiting: 0, refused: 1 })
    expect(await queuedFieldActions(AGENT.id)).toEqual([
      expect.objectContaining({
        key: 'k1',
        state: 'refused',
        error: 'Ce signalement est confié à un autre membre de votre organisation.',
      }),
    ])

    expect(await flushFieldActions(AGENT.id)).toEqual({ sent: 0, waiting: 0, refused: 1 })
    expect(api.callsTo('PATCH', `/api/org/reports/${REPORT}`)).toHaveLength(1)
    expect(api.callsTo('POST', `/api/org/reports/${REPORT}/notifications`)).toHaveLength(1)
  })

  it('leaves another member’s actions on the phone, unsent', async () => {
    await putFieldAction(queued('theirs', '2026-11-27T08:00:00.000Z', resolved, { memberId: OTHER_AGENT_ID }))
    await putFieldAction(queued('mine', '2026-11-27T09:00:00.000Z', message))
    const api = stubApi(accepted)

    expect(await flushFieldActions(AGENT.id)).toEqual({ sent: 1, waiting: 0, refused: 0 })
    expect(sentKeys(api.calls)).toEqual(['mine'])
    expect((await queuedFieldActions(OTHER_AGENT_ID)).map((entry) => entry.key)).toEqual(['theirs'])
  })
})
