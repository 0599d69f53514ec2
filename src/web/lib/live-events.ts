import { useEffect, useRef, useState } from 'react'
import { EVENT_TYPES, type LiveEvent } from '../../domain/events'
import { whenPageIdle } from './when-page-idle'

export interface LiveEventsAudience {
  /** The access token of a signed-in organisation or administrator. */
  token?: string | null
  /** The device token of a citizen. */
  citizenToken?: string | null
}

export interface LiveEventsOptions {
  /** False while the audience cannot listen yet (a device the server does not know). */
  enabled?: boolean
  /**
   * Called when a stream opens again after an earlier one of this screen was cut: the events of
   * the gap are lost, so the screen asks the server again for what they would have changed.
   */
  onReconnected?: () => void
}

/** After the server refused or ended a stream, wait this long before opening a new one. */
const REOPEN_DELAYS_MS = [2_000, 5_000, 15_000, 60_000]

/**
 * Listens to the server's live events (GET /api/events, server-sent events) while mounted.
 * The browser reconnects by itself after a network cut, but gives up for good when an answer
 * is not a stream (a 401 for a token that expired while the phone slept, a 502 during a
 * deployment): the stream is then opened again after a growing delay. A new token (after a
 * refresh) opens a new stream at once, since the server checks the token when a stream opens.
 * Every stream after the first (the browser's own reconnection included) calls `onReconnected`.
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
  const { token, citizenToken } = audience
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    // The attempt number only forces a new stream; the URL does not depend on it.
    void attempt
    if (!enabled || typeof EventSource === 'undefined') return
    const params = new URLSearchParams()
    if (token) params.set('token', token)
    else if (citizenToken) params.set('citizenToken', citizenToken)
    const query = params.toString()
    let source: EventSource | undefined
    let reopen: ReturnType<typeof setTimeout> | undefined
    const listener = (message: MessageEvent<string>) => {
      try {
        handler.current(JSON.parse(message.data) as LiveEvent)
      } catch (error) {
        console.error('live event unreadable', error)
      }
    }
    // Once the page is up: on a slow network the stream must not delay the page's own files.
    const cancelOpening = whenPageIdle(() => {
      const opened = new EventSource(`/api/events${query ? `?${query}` : ''}`)
      source = opened
      for (const type of EVENT_TYPES) opened.addEventListener(type, listener)
      opened.addEventListener('open', () => {
        if (openedBefore.current) reconnected.current?.()
        openedBefore.current = true
        setAttempt(0)
      })
      opened.addEventListener('error', () => {
        if (opened.readyState !== EventSource.CLOSED) return
        const delay = REOPEN_DELAYS_MS[Math.min(attempt, REOPEN_DELAYS_MS.length - 1)]
        reopen = setTimeout(() => setAttempt((value) => value + 1), delay)
      })
    })
    return () => {
      cancelOpening()
      clearTimeout(reopen)
      source?.close()
    }
  }, [token, citizenToken, enabled, attempt])
}
