import type { EventType } from '../../domain/events'
import { type Database, notify } from '../db/database'

const CHANNEL = 'alertes_events'

/** An event as the instances exchange it: who may see it travels with it, never to browsers. */
export interface BusEvent {
  type: EventType
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
}

export type EventListener = (event: BusEvent) => void

/**
 * Fan-out of live events through PostgreSQL LISTEN/NOTIFY: an event published by any instance
 * reaches the subscribers of every instance sharing the database.
 */
export interface EventBus {
  publish(event: BusEvent): Promise<void>
  subscribe(listener: EventListener): () => void
  close(): Promise<void>
}

export async function createEventBus(
  database: Database,
  onError: (error: unknown) => void,
): Promise<EventBus> {
  const listeners = new Set<EventListener>()
  const unlisten = await database.listen(CHANNEL, (payload) => {
    let event: BusEvent
    try {
      event = JSON.parse(payload) as BusEvent
    } catch (error) {
      onError(error)
      return
    }
    for (const listener of listeners) listener(event)
  })
  return {
    async publish(event) {
      try {
        await notify(database.db, CHANNEL, JSON.stringify(event))
      } catch (error) {
        // A live update is a convenience: its failure never fails the change that caused it.
        onError(error)
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close: () => unlisten(),
  }
}
