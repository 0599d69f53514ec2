import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, stubApi } from '../../test/api-stub'
import { type FlushDeps, flushOutbox } from './flush-outbox'
import { putQueuedReport, type QueuedReport, queuedReports, removeQueuedReport } from './outbox-store'

// jsdom's Blob does not survive fake-indexeddb's copy (a real browser keeps it: e2e/reach.spec.ts
// sends a queued photo and voice note): the queue is kept in memory here, in the same order.
vi.mock('./outbox-store', () => {
  const kept = new Map<string, QueuedReport>()
  return {
    queuedReports: async () => [...kept.values()].sort((a, b) => a.queuedAt.localeCompare(b.queuedAt)),
    putQueuedReport: async (report: QueuedReport) => void kept.set(report.key, report),
    removeQueuedReport: async (key: string) => void kept.delete(key),
  }
})

const OLD_TOKEN = 'O'.repeat(43)
const NEW_TOKEN = 'N'.repeat(43)

function queued(key: string, queuedAt: string, overrides: Partial<QueuedReport> = {}): QueuedReport {
  return {
    key,
    queuedAt,
    fields: {
      categoryId: 3,
      categoryName: 'Voirie',
      description: `Nid-de-poule ${key}`,
      address: '',
      department: 'Dakar',
      latitude: 14.69,
      longitude: -17.44,
    },
    photo: { blob: new Blob([new Uint8Array(2048)], { type: 'image/webp' }), name: 'photo.webp' },
    audio: { blob: new Blob([new Uint8Array(1024)], { type: 'audio/webm' }), name: 'note.webm' },
    citizenToken: null,
    state: 'waiting',
    error: null,
    attempts: 0,
    ...overrides,
  }
}

/** The page's side of a flush: the device's token, taken from the first answer when it had none. */
function deps(token: string | null = null) {
  let current = token
  const sent: string[] = []
  const flush: FlushDeps = {
    token: () => current,
    forgetToken: () => {
      current = null
    },
    onSent: (report) => {
      current ??= report.report.citizenToken
      sent.push(report.report.anonymous_code)
    },
  }
  return { flush, sent, token: () => current }
}

afterEach(async () => {
  for (const report of await queuedReports()) await removeQueuedReport(report.key)
})

describe('the queue of reports made offline', () => {
  it('sends them oldest first, each under its own Idempotency-Key and its device’s token, with photo and voice note, then forgets them', async () => {
    await putQueuedReport(queued('key-b', '2026-11-22T10:05:00Z', { citizenToken: NEW_TOKEN }))
    await putQueuedReport(queued('key-a', '2026-11-22T10:00:00Z', { citizenToken: NEW_TOKEN }))
    const api = stubApi({
      'POST /api/reports': (call) => ({
        status: 201,
        body: {
          id: call.headers.get('idempotency-key'),
          anonymous_code: `CODE-${call.headers.get('idempotency-key')}`,
          citizenToken: NEW_TOKEN,
        },
      }),
    })
    const device = deps()
    expect(await flushOutbox(device.flush)).toEqual({ sent: 2, waiting: 0, refused: 0 })
    const posts = api.callsTo('POST', '/api/reports')
    expect(posts.map((call) => call.headers.get('idempotency-key'))).toEqual(['key-a', 'key-b'])
    expect(posts.map((call) => call.headers.get('x-citizen-token'))).toEqual([NEW_TOKEN, NEW_TOKEN])
    const body = api.fetchMock.mock.calls[0]?.[1]?.body as FormData
    expect((body.get('photo') as File).size).toBe(2048)
    expect((body.get('audio') as File).size).toBe(1024)
    expect(body.get('description')).toBe('Nid-de-poule key-a')
    expect(device.sent).toEqual(['CODE-key-a', 'CODE-key-b'])
    expect(device.token()).toBe(NEW_TOKEN)
    expect(await queuedReports()).toEqual([])
  })

  it('keeps them, counted as waiting, while there is no network or the server is busy', async () => {
    await putQueuedReport(queued('key-a', '2026-11-22T10:00:00Z'))
    await putQueuedReport(queued('key-b', '2026-11-22T10:05:00Z'))
    stubApi({ 'POST /api/reports': 'offline' })
    expect(await flushOutbox(deps().flush)).toEqual({ sent: 0, waiting: 2, refused: 0 })
    stubApi({ 'POST /api/reports': apiError(503, 'unavailable', 'Service indisponible.') })
    expect(await flushOutbox(deps().flush)).toEqual({ sent: 0, waiting: 2, refused: 0 })
    const [first, second] = await queuedReports()
    expect(first).toMatchObject({ key: 'key-a', state: 'waiting', attempts: 2 })
    expect(second).toMatchObject({ key: 'key-b', state: 'waiting' })
  })

  it('sets aside a report the server refuses, with its reason, and sends it no more', async () => {
    await putQueuedReport(queued('key-a', '2026-11-22T10:00:00Z'))
    const api = stubApi({
      'POST /api/reports': apiError(
        400,
        'invalid_input',
        'Décrivez le problème en au moins 10 caractères, ou enregistrez une note vocale.',
        'description',
        'filing.descriptionTooShort',
      ),
    })
    expect(await flushOutbox(deps().flush)).toEqual({ sent: 0, waiting: 0, refused: 1 })
    expect((await queuedReports())[0]).toMatchObject({
      state: 'refused',
      error: 'Décrivez le problème en au moins 10 caractères, ou enregistrez une note vocale.',
      reason: 'filing.descriptionTooShort',
    })
    await flushOutbox(deps().flush)
    expect(api.callsTo('POST', '/api/reports')).toHaveLength(1)
  })

  it('sends a report again under the token it was first sent with, which alone gets the lost answer back', async () => {
    await putQueuedReport(queued('key-a', '2026-11-22T10:00:00Z', { citizenToken: OLD_TOKEN }))
    const api = stubApi({
      'POST /api/reports': {
        status: 201,
        body: { id: 'r-1', anonymous_code: 'K7M2QX4P', citizenToken: OLD_TOKEN },
      },
    })
    // The device took another token since (it forgot the old one): the report keeps its own.
    await flushOutbox(deps(NEW_TOKEN).flush)
    expect(api.callsTo('POST', '/api/reports').map((call) => call.headers.get('x-citizen-token'))).toEqual([
      OLD_TOKEN,
    ])
  })

  it('sends the reports of an old version, queued without a token, under the first one the server gives', async () => {
    await putQueuedReport(queued('key-a', '2026-11-22T10:00:00Z'))
    await putQueuedReport(queued('key-b', '2026-11-22T10:05:00Z'))
    const api = stubApi({
      'POST /api/reports': (call) => ({
        status: 201,
        body: {
          id: 'r',
          anonymous_code: 'K7M2QX4P',
          citizenToken: call.headers.get('x-citizen-token') ?? NEW_TOKEN,
        },
      }),
    })
    await flushOutbox(deps().flush)
    expect(api.callsTo('POST', '/api/reports').map((call) => call.headers.get('x-citizen-token'))).toEqual([
      null,
      NEW_TOKEN,
    ])
  })

  it('forgets a token the server refuses as no device’s, and sends the report under a new one', async () => {
    await putQueuedReport(queued('key-a', '2026-11-22T10:00:00Z', { citizenToken: 'damaged' }))
    const api = stubApi({
      'POST /api/reports': (call) =>
        call.headers.get('x-citizen-token')
          ? apiError(401, 'unauthorized', 'Appareil inconnu.')
          : { status: 201, body: { id: 'r-1', anonymous_code: 'K7M2QX4P', citizenToken: NEW_TOKEN } },
    })
    const device = deps('damaged')
    const forgetToken = vi.spyOn(device.flush, 'forgetToken')
    expect(await flushOutbox(device.flush)).toEqual({ sent: 1, waiting: 0, refused: 0 })
    expect(forgetToken).toHaveBeenCalledOnce()
    const posts = api.callsTo('POST', '/api/reports')
    expect(posts.map((call) => call.headers.get('idempotency-key'))).toEqual(['key-a', 'key-a'])
    expect(device.sent).toEqual(['K7M2QX4P'])
    expect(device.token()).toBe(NEW_TOKEN)
  })
})
