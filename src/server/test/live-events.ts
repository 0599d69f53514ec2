// Listens to /api/events of a server on a port, as a browser's EventSource does, and collects
// what arrives.
import { expect } from 'vitest'
import type { LiveEvent } from '../../domain/events'

export interface LiveEventStream {
  events: LiveEvent[]
  /** Waits up to 5 s for an event the predicate accepts; fails with what arrived otherwise. */
  waitFor(predicate: (event: LiveEvent) => boolean): Promise<void>
  /** Whether the server ended the stream within that time. */
  endedByServer(withinMs?: number): Promise<boolean>
  close(): void
}

export async function subscribeToEvents(
  baseUrl: string,
  query = '',
  options: { from?: string } = {},
): Promise<LiveEventStream> {
  const controller = new AbortController()
  const res = await fetch(`${baseUrl}/api/events${query}`, {
    signal: controller.signal,
    // The client's address as nginx would pass it.
    headers: options.from ? { 'x-forwarded-for': options.from } : {},
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
