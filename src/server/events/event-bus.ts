import type { EventType } from '../../domain/events'
import { type Database, type Db, notify, type Unlisten } from '../db/database'
import { driverFailure } from '../db/unavailable'

const CHANNEL = 'alertes_events'
/**
 * After the connection that listens is lost, the first attempt to listen again waits this long,
 * each failed one twice as long as the last, up to the maximum: a restart is over in seconds, a
 * failover may take minutes, and a database coming back is not flooded by every instance at once.
 */
export const RELISTEN_FIRST_DELAY_MS = 500
export const RELISTEN_MAX_DELAY_MS = 30_000

/** Told only between instances (their caches), never to browsers. */
export const INTERNAL_EVENT_TYPES = ['categories.changed', 'areas.changed'] as const
export type InternalEventType = (typeof INTERNAL_EVENT_TYPES)[number]

/** An event as the instances exchange it: who may see it travels with it, never to browsers. */
export interface BusEvent {
  type: EventType | InternalEventType
  reportId?: string
  organizationId?: string
  /** The category of the report, for the organisations that handle it. */
  categoryId?: number
  /** The organisation that managed the report before this change, if any. */
  previousOrganizationId?: string | null
  /** Hashes of the citizen devices that filed or follow the report. */
  deviceHashes?: string[]
  /** Hash of the device that filed the report: the only one told of its messages. */
  reporterHash?: string
  /** The member the report was just handed to: the only one told of it (`reports.handed-over`). */
  assigneeId?: string
  /** The report's category, for that member. */
  category?: string
}

export type EventListener = (event: BusEvent) => void

/** Where the bus tells of its failures (pino's signature: the app's logger). */
export interface EventBusLog {
  warn(details: object, message: string): void
  info(details: object, message: string): void
}

/**
 * Fan-out of live events through PostgreSQL LISTEN/NOTIFY: an event published by any instance
 * reaches the subscribers of every instance sharing the database.
 */
export interface EventBus {
  publish(event: BusEvent): Promise<void>
  subscribe(listener: EventListener): () => void
  /**
   * Called each time the bus listens again after losing its connection: the events of the gap
   * never arrive, so what was kept on the strength of them (cached reads) must be forgotten.
   */
  onRelisten(listener: () => void): () => void
  close(): Promise<void>
}

/**
 * Publishes from inside a transaction: PostgreSQL holds a NOTIFY until its transaction commits
 * and drops it if the transaction rolls back, so the event leaves with the change or not at all.
 * Every instance hears it, this one too: their read caches are emptied when it arrives.
 */
export async function publishOnCommit(tx: Db, event: BusEvent): Promise<void> {
  await notify(tx, CHANNEL, JSON.stringify(event))
}

export async function createEventBus(database: Database, log: EventBusLog): Promise<EventBus> {
  const listeners = new Set<EventListener>()
  const relistenListeners = new Set<() => void>()
  let unlisten: Unlisten | null = null
  let retry: NodeJS.Timeout | null = null
  let closed = false

  const deliver = (payload: string) => {
    let event: BusEvent
    try {
      event = JSON.parse(payload) as BusEvent
    } catch (error) {
      log.warn({ err: error }, 'live events: unreadable notification')
      return
    }
    for (const listener of listeners) listener(event)
  }

  const listen = async () => {
    unlisten = await database.listen(CHANNEL, deliver, (error) => {
      unlisten = null
      if (closed) return
      log.warn(driverFailure(error), 'live events: connection to the database lost, listening again soon')
      relistenAfter(RELISTEN_FIRST_DELAY_MS)
    })
  }

  const relistenAfter = (delayMs: number) => {
    retry = setTimeout(async () => {
      retry = null
      if (closed) return
      try {
        await listen()
      } catch (error) {
        if (closed) return
        const next = Math.min(delayMs * 2, RELISTEN_MAX_DELAY_MS)
        log.warn({ ...driverFailure(error), retryInMs: next }, 'live events: database still unreachable')
        relistenAfter(next)
        return
      }
      if (closed) {
        await unlisten?.()
        return
      }
      log.info({}, 'live events: listening again')
      for (const listener of relistenListeners) listener()
    }, delayMs)
    // A pending attempt never keeps a stopping process alive.
    retry.unref()
  }

  // At start-up the database must answer: the server does not start without it.
  await listen()
  return {
    async publish(event) {
      try {
        await notify(database.db, CHANNEL, JSON.stringify(event))
      } catch (error) {
        // A live update is a convenience: its failure never fails the change that caused it.
        log.warn(driverFailure(error), 'live events: could not publish')
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onRelisten(listener) {
      relistenListeners.add(listener)
      return () => relistenListeners.delete(listener)
    },
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      await unlisten?.()
      unlisten = null
    },
  }
}
