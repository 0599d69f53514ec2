import { vi } from 'vitest'
import type { Answer } from './api-stub'

/**
 * EventSource as the live events hook opens it: its URL is recorded, `emit` plays a server event,
 * and `connect` and `fail` what the browser does when the stream opens or breaks.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static instances: FakeEventSource[] = []
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()
  readyState = FakeEventSource.CONNECTING
  closed = false

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this)
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }

  close() {
    this.closed = true
    this.readyState = FakeEventSource.CLOSED
  }

  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(data) }))
    }
  }

  /** The stream opened (the server answered 200). */
  connect() {
    this.readyState = FakeEventSource.OPEN
    for (const listener of this.listeners.get('open') ?? []) listener(new MessageEvent('open'))
  }

  /**
   * The stream broke: `CONNECTING` after a cut (the browser is about to reconnect to the same
   * address), `CLOSED` when the answer was no stream (it gave up).
   */
  fail(readyState: number = FakeEventSource.CONNECTING) {
    this.readyState = readyState
    for (const listener of this.listeners.get('error') ?? []) listener(new MessageEvent('error'))
  }

  /** The streams not closed yet. */
  static open() {
    return FakeEventSource.instances.filter((source) => !source.closed)
  }
}

export function stubEventSource() {
  FakeEventSource.instances = []
  vi.stubGlobal('EventSource', FakeEventSource)
}

/**
 * The answer of POST /api/events/ticket for `stubApi`: a new ticket each time (`ticket-1`,
 * `ticket-2`…); the calls recorded by the stub say with which credential each was asked.
 */
export function liveStreamTickets(): Record<string, Answer> {
  let issued = 0
  return {
    'POST /api/events/ticket': () => {
      issued += 1
      return { status: 200, body: { ticket: `ticket-${issued}`, expiresIn: 60 } }
    },
  }
}
