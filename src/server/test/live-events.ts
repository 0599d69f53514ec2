// Listens to /api/events of a server on a port, as the web app does (a ticket asked with the
// listener's credentials, then the stream opened with it), and collects what arrives.
import { expect } from 'vitest'
import { CITIZEN_TOKEN_HEADER } from '../../domain/constants'
import type { LiveEvent, LiveStreamTicket } from '../../domain/events'

/** Who listens: a signed-in session (its access token), a device (its token), or the public. */
export interface Listener {
  token?: string
  citizenToken?: string
}

/** The client's address as nginx would pass it. */
const forwardedFor = (from: string | undefined): Record<string, string> =>
  from ? { 'x-forwarded-for': from } : {}

/** A ticket (POST /api/events/ticket) asked with the listener's credentials, as their other routes take them. */
export async function askTicket(baseUrl: string, listener: Listener, from?: string): Promise<string> {
  const credentials: Record<string, string> = listener.token
    ? { authorization: `Bearer ${listener.token}` }
    : listener.citizenToken
      ? { [CITIZEN_TOKEN_HEADER]: listener.citizenToken }
      : {}
  const res = await fetch(`${baseUrl}/api/events/ticket`, {
    method: 'POST',
    headers: { ...credentials, ...forwardedFor(from) },
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as LiveStreamTicket).ticket
}

export interface LiveEventStream {
  events: LiveEvent[]
  /** Waits up to 5 s for an event the predicate accepts; fails with what arrived otherwise. */
  waitFor(predicate: (event: LiveEvent) => boolean): Promise<void>
  /** Whether the server ended the stream within that time. */
  endedByServer(withinMs?: number): Promise<boolean>
  close(): void
}

/** Opens a stream for the listener: with a ticket of theirs, or without one for the public. */
export async function subscribeToEvents(
  baseUrl: string,
  listener: Listener = {},
  options: { from?: string } = {},
): Promise<LiveEventStream> {
  const query =
    listener.token || listener.citizenToken
      ? `?ticket=${await askTicket(baseUrl, listener, options.from)}`
      : ''
  return listenWith(baseUrl, query, options)
}

/** Opens the stream of this exact query (`?ticket=…`, or '' for the public one). */
export async function listenWith(
  baseUrl: string,
  query: string,
  options: { from?: string } = {},
): Promise<LiveEventStream> {
  const controller = new AbortController()
  const res = await fetch(`${baseUrl}/api/events${query}`, {
    signal: controller.signal,
    headers: forwardedFor(options.from),
  })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  const events: LiveEvent[] = []
  const reader = res.body?.getReader()
  let buffer = ''
  let ended = false
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read()
        if (!chunk || chunk.done) {
          ended = true
          return
        }
        buffer += new TextDecoder().decode(chunk.value)
        const blocks = buffer.split('\n\n')
        buffer = blocks.pop() ?? ''
        for (const block of blocks) {
          const data = block.split('\n').find((line) => line.startsWith('data: '))
          if (data) events.push(JSON.parse(data.slice(6)))
        }
      }
    } catch {
      // aborted
    }
  })()
  return {
    events,
    async waitFor(predicate) {
      const deadline = Date.now() + 5000
      while (Date.now() < deadline) {
        if (events.some(predicate)) return
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      throw new Error(`event not received; got ${JSON.stringify(events)}`)
    },
    async endedByServer(withinMs = 5000) {
      const deadline = Date.now() + withinMs
      while (Date.now() < deadline && !ended) await new Promise((resolve) => setTimeout(resolve, 25))
      return ended
    },
    close: () => controller.abort(),
  }
}
