import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { OrganizationReport } from '../../../../domain/organization-space'
import type { Page } from '../../../../domain/pagination-rules'
import { ApiError } from '../../../lib/api-client'
import { authRequest } from '../../../lib/auth/auth-request'
import { useSessionStore } from '../../../lib/auth/session-store'
import { newIdempotencyKey } from '../../../lib/idempotency-key'
import { organizationKeys, refreshQueries } from '../api/query-keys'
import {
  type FieldAction,
  flushFieldActions,
  putFieldAction,
  type QueuedFieldAction,
  queuedFieldActions,
  removeFieldAction,
} from './field-outbox'
import { type KeptTournee, keepTournee, keptTournee } from './kept-tournee'

export interface Position {
  lat: number
  lon: number
}

/** Whose round this is: the signed-in member (a session of before teams is its organisation's). */
export function useMemberId(): string {
  return useSessionStore((state) => state.user?.member?.id ?? state.user?.id ?? '')
}

/** What the list shows: from the server, or (offline) as kept on the phone, with when. */
export interface TourneeList {
  items: OrganizationReport[]
  /** When the kept list was saved; null for the server's list. */
  keptAt: string | null
}

const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0

/**
 * "Ma tournée": the reports handed to me, nearest first from `position` when it is known. Each
 * answer is kept on the phone; without a network, the list kept last is shown instead.
 */
export function useTournee(memberId: string, position: Position | null) {
  const near = position ? `&near=${position.lat.toFixed(5)},${position.lon.toFixed(5)}` : ''
  return useQuery({
    queryKey: [...organizationKeys.managed(), 'tournee', memberId, near],
    // Offline, the query still runs: it falls back to the kept list.
    networkMode: 'always',
    queryFn: async ({ signal }): Promise<TourneeList> => {
      try {
        const page = await authRequest<Page<OrganizationReport>>(
          `/api/org/reports/managed?assignee=me${near}`,
          { signal },
        )
        await keepTournee(memberId, page.items)
        return { items: page.items, keptAt: null }
      } catch (error) {
        const kept: KeptTournee | undefined = isNetworkFailure(error)
          ? await keptTournee(memberId)
          : undefined
        if (!kept) throw error
        return { items: kept.items, keptAt: kept.savedAt }
      }
    },
  })
}

/**
 * The last round of sending asked for. Rounds run one after the other, never together (an action
 * would go twice), and a round asked while one is running runs after it: joining the running one
 * instead would leave what was queued since waiting until the connection next comes back.
 */
let lastRound: Promise<unknown> = Promise.resolve()

/**
 * The agent's actions waiting on the phone: queued with their Idempotency-Key, sent at once when
 * the network allows, again whenever it comes back, and shown until the server has them.
 */
export function useFieldQueue(memberId: string) {
  const queryClient = useQueryClient()
  const [queued, setQueued] = useState<QueuedFieldAction[]>([])
  // A round may end after the screen is gone (the agent went elsewhere): nothing to show then.
  const shown = useRef(true)
  useEffect(() => {
    shown.current = true
    return () => {
      shown.current = false
    }
  }, [])

  const reload = useCallback(async () => {
    const actions = await queuedFieldActions(memberId)
    if (shown.current) setQueued(actions)
  }, [memberId])

  const flush = useCallback(async () => {
    const round = lastRound.then(() => flushFieldActions(memberId))
    lastRound = round.catch(() => undefined)
    const result = await round
    await reload()
    if (result.sent > 0)
      await refreshQueries(queryClient, organizationKeys.managed(), organizationKeys.stats())
  }, [memberId, queryClient, reload])

  useEffect(() => {
    void reload().then(flush)
    const onOnline = () => void flush()
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
  }, [reload, flush])

  const enqueue = useCallback(
    async (reportId: string, action: FieldAction) => {
      await putFieldAction({
        key: newIdempotencyKey(),
        memberId,
        reportId,
        queuedAt: new Date().toISOString(),
        action,
        state: 'waiting',
        error: null,
      })
      await reload()
      void flush()
    },
    [memberId, reload, flush],
  )

  const forget = useCallback(
    async (key: string) => {
      await removeFieldAction(key)
      await reload()
    },
    [reload],
  )

  return { queued, enqueue, forget }
}

/** The phone's position, asked once; null while unknown or refused. */
export function usePosition() {
  const [state, setState] = useState<{ position: Position | null; locating: boolean }>({
    position: null,
    locating: true,
  })
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ position: null, locating: false })
      return
    }
    setState((current) => ({ ...current, locating: true }))
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setState({ position: { lat: coords.latitude, lon: coords.longitude }, locating: false }),
      () => setState((current) => ({ ...current, locating: false })),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    )
  }, [])
  useEffect(locate, [locate])
  return { ...state, locate }
}
