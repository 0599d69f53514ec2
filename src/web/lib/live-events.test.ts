import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveEvent } from '../../domain/events-rules'
import { apiError, stubApi } from '../test/api-stub'
import { FakeEventSource, liveStreamTickets, stubEventSource } from '../test/event-source'
import { useLiveEvents } from './live-events'

const DEVICE_TOKEN = 'D'.repeat(43)

beforeEach(() => {
  stubEventSource()
  // The reopening delays are counted on these timers; the rest of the test waits in real time.
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => vi.useRealTimers())

/** Lets the page's idle moment and the ticket's answer come. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(10))
/** Moves the time by `ms`, then lets what it started settle. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms))
  await settle()
}

describe('useLiveEvents', () => {
  // Issue 47, point 11: `?citizenToken=` put the device token in every proxy log and in the console.
  it('opens a device’s stream with a ticket asked with its token in a header, never the token in the address', async () => {
    const api = stubApi(liveStreamTickets())
    const heard: LiveEvent[] = []
    renderHook(() => useLiveEvents({ citizenToken: DEVICE_TOKEN }, (event) => heard.push(event)))
    await settle()
    const asked = api.callsTo('POST', '/api/events/ticket')
    expect(asked).toHaveLength(1)
    expect(asked[0]?.headers.get('x-citizen-token')).toBe(DEVICE_TOKEN)
    expect(FakeEventSource.open().map((source) => source.url)).toEqual(['/api/events?ticket=ticket-1'])
    const [stream] = FakeEventSource.open()
    act(() => stream?.emit('reports.changed', { type: 'reports.changed', reportId: 'r-1' }))
    expect(heard).toEqual([{ type: 'reports.changed', reportId: 'r-1' }])
  })

  it('asks a signed-in person’s ticket with the access token as the bearer', async () => {
    const api = stubApi(liveStreamTickets())
    renderHook(() => useLiveEvents({ token: 'access-1' }, () => {}))
    await settle()
    expect(api.callsTo('POST', '/api/events/ticket')[0]?.authorization).toBe('Bearer access-1')
    expect(FakeEventSource.open().map((source) => source.url)).toEqual(['/api/events?ticket=ticket-1'])
  })

  it('after a cut, opens a new stream with a new ticket instead of sending the spent one again', async () => {
    const api = stubApi(liveStreamTickets())
    const onReconnected = vi.fn()
    renderHook(() => useLiveEvents({ citizenToken: DEVICE_TOKEN }, () => {}, { onReconnected }))
    await settle()
    const [first] = FakeEventSource.open()
    act(() => first?.connect())
    // The browser would reconnect to the same address, whose ticket the server took already.
    act(() => first?.fail(FakeEventSource.CONNECTING))
    expect(first?.closed).toBe(true)
    await wait(2_000)
    expect(api.callsTo('POST', '/api/events/ticket')).toHaveLength(2)
    const [second] = FakeEventSource.open()
    expect(second?.url).toBe('/api/events?ticket=ticket-2')
    act(() => second?.connect())
    expect(onReconnected).toHaveBeenCalledTimes(1)
  })

  it('asks again for a refused ticket after a growing delay, not in a loop', async () => {
    let refusing = true
    const answers = liveStreamTickets()
    const api = stubApi({
      'POST /api/events/ticket': (call) =>
        refusing
          ? apiError(401, 'not_authenticated', 'Non authentifié')
          : (answers['POST /api/events/ticket'] as (c: typeof call) => ReturnType<typeof apiError>)(call),
    })
    renderHook(() => useLiveEvents({ citizenToken: DEVICE_TOKEN }, () => {}))
    await settle()
    const asked = () => api.callsTo('POST', '/api/events/ticket').length
    expect(asked()).toBe(1)
    await wait(2_000)
    expect(asked()).toBe(2)
    await wait(4_900)
    expect(asked()).toBe(2)
    refusing = false
    await wait(100)
    expect(asked()).toBe(3)
    expect(FakeEventSource.open().map((source) => source.url)).toEqual(['/api/events?ticket=ticket-1'])
  })

  it('opens the public stream without a ticket, which the browser reconnects by itself', async () => {
    const api = stubApi({})
    renderHook(() => useLiveEvents({}, () => {}))
    await settle()
    const [stream] = FakeEventSource.open()
    expect(stream?.url).toBe('/api/events')
    act(() => stream?.fail(FakeEventSource.CONNECTING))
    expect(stream?.closed).toBe(false)
    // The browser gave up (an answer that was no stream): a new one, later.
    act(() => stream?.fail(FakeEventSource.CLOSED))
    await wait(2_000)
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual(['/api/events', '/api/events'])
    expect(api.calls).toEqual([])
  })
})
