import { useEffect, useRef, useState } from 'react'
import { EVENT_TYPES, type LiveEvent } from '../../domain/events-rules'
import { askLiveStreamTicket, type TicketCredentials } from './live-stream-ticket'
import { whenPageIdle } from './when-page-idle'

/** Who listens: a signed-in organisation or administrator (its access token), a citizen (its device token), or the public (neither). */
export type LiveEventsAudience = TicketCredentials

export interface LiveEventsOptions {
  /** False while the audience cannot listen yet (a device the server does not know). */
  enabled?: boolean
  /**
   * Called when a stream opens again after an earlier one of this screen was cut: the events of
   * the gap are lost, so the screen asks the server again for what they would have changed.
   */
  onReconnected?: () => void
}

/** After a stream was refused, cut or ended, or its ticket not given, wait this long before the next. */
const REOPEN_DELAYS_MS = [2_000, 5_000, 15_000, 60_000]

/**
 * Listens to the server's live events (GET /api/events, server-sent events) while mounted.
 * A signed-in person's or a device's stream opens with a ticket asked just before
 * (live-stream-ticket.ts), which the server takes once: the browser's own reconnection would send
 * the spent ticket again, so such a stream is closed at its first error and a new one, with a new
 * ticket, follows after a growing delay. The public stream needs no ticket: the browser reconnects
 * it by itself after a network cut, and it is opened again only once the browser gave up (an
 * answer that is not a stream: a 502 during a deployment). A new token (after a refresh) opens a
 * new stream at once. Every stream after the first (the browser's own reconnection included)
 * calls `onReconnected`.
 */
export function useLiveEvents(
  audience: LiveEventsAudience,
  onEvent: (event: LiveEvent) => void,
  { enabled = true, onReconnected }: LiveEventsOptions = {},
) {
  const handler = useRef(onEvent)
  handler.current = onEvent
  const reconnected = useRef(onReconnected)
  reconnected.current = onReconnected
  const openedBefore = useRef(false)
  // Failures since a stream last opened: how long the next one waits.
  const failures = useRef(0)
  const { token, citizenToken } = audience
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    // A new generation only forces a new stream; the stream does not depend on its number.
    void generation
    if (!enabled || typeof EventSource === 'undefined') return
    const needsTicket = Boolean(token || citizenToken)
    const asking = new AbortController()
    let source: EventSource | undefined
    let reopen: ReturnType<typeof setTimeout> | undefined
    const reopenLater = () => {
      const delay = REOPEN_DELAYS_MS[Math.min(failures.current, REOPEN_DELAYS_MS.length - 1)]
      failures.current += 1
      reopen = setTimeout(() => setGeneration((value) => value + 1), delay)
    }
    const listener = (message: MessageEvent<string>) => {
      try {
        handler.current(JSON.parse(message.data) as LiveEvent)
      } catch (error) {
        console.error('live event unreadable', error)
      }
    }
    const listen = (query: string) => {
      const opened = new EventSource(`/api/events${query}`)
      source = opened
      for (const type of EVENT_TYPES) opened.addEventListener(type, listener)
      opened.addEventListener('open', () => {
        if (openedBefore.current) reconnected.current?.()
        openedBefore.current = true
        failures.current = 0
      })
      opened.addEventListener('error', () => {
        if (!needsTicket && opened.readyState !== EventSource.CLOSED) return
        opened.close()
        reopenLater()
      })
    }
    // Once the page is up: on a slow network the stream must not delay the page's own files.
    const cancelOpening = whenPageIdle(() => {
      if (!needsTicket) {
        listen('')
        return
      }
      askLiveStreamTicket({ token, citizenToken }, asking.signal).then(
        (ticket) => {
          if (!asking.signal.aborted) listen(`?ticket=${encodeURIComponent(ticket)}`)
        },
        () => {
          // Offline, or the token refused: tried again later (a renewed token comes at once).
          if (!asking.signal.aborted) reopenLater()
        },
      )
    })
    return () => {
      cancelOpening()
      asking.abort()
      clearTimeout(reopen)
      source?.close()
    }
  }, [token, citizenToken, enabled, generation])
}
