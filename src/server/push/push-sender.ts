import { eq, inArray } from 'drizzle-orm'
import webpush from 'web-push'
import { PUSH_TTL_SECONDS, type PushPayload, pushRetryDelay } from '../../domain/push'
import { createBackgroundRounds } from '../background-rounds'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { pushDeliveries, pushSubscriptions } from '../db/schema'
import { createLeasedOutbox, type OutboxRow } from '../outbox/leased-outbox'
import { isKnownPushService } from './push-services'
import { isP256Point } from './subscription-keys'
import type { VapidKeys } from './vapid-keys'

/** Deliveries taken at once by one instance. */
const BATCH = 20
/** A taken delivery is another instance's to retry after this long (this one stopped mid-way). */
const LEASE_MS = 60_000
/** A push service slower than this is tried again later. */
const SEND_TIMEOUT_MS = 10_000
/** Due deliveries are looked for this often, besides right after a change on any instance. */
export const PUSH_POLL_MS = 15_000

interface DueDelivery extends OutboxRow {
  payload: PushPayload
  subscription_id: string
}

/** Where a delivery goes: its subscription's push service, and the keys that encrypt for it. */
interface Destination {
  id: string
  endpoint: string
  p256dh: string
  auth: string
}

export interface PushSenderDeps {
  db: Db
  clock: Clock
  vapid: VapidKeys
  /** PUSH_SERVICE_ORIGINS: where, besides the browsers' push services, the server may post. */
  extraOrigins: readonly string[]
  log: { warn(details: object, message: string): void; info(details: object, message: string): void }
}

/** `unusable`: the subscription's key is no P-256 point, so nothing can be encrypted for it. */
export type DeliveryOutcome = 'delivered' | 'gone' | 'unusable' | 'refused' | 'retry'

/** How a push service's answer settles a delivery (RFC 8030 section 5 and 8.4). */
function outcomeOf(status: number): DeliveryOutcome {
  if (status >= 200 && status < 300) return 'delivered'
  // The subscription has expired or was withdrawn: it will never work again.
  if (status === 404 || status === 410) return 'gone'
  // Too many, or the service is unwell: later.
  if (status === 429 || status >= 500) return 'retry'
  // 400, 401, 403, 413: this notification will never be taken; others may.
  return 'refused'
}

/**
 * Sends the notifications waiting in push_deliveries, on any number of instances: each takes a
 * batch of due rows (SKIP LOCKED: never the same as another) and leases them; a delivered row is
 * deleted, a failed one is tried again with a growing delay until it expires.
 */
export function createPushSender(deps: PushSenderDeps) {
  const { db, clock, vapid, extraOrigins, log } = deps

  const outbox = createLeasedOutbox<DueDelivery>(db, pushDeliveries, {
    batch: BATCH,
    leaseMs: LEASE_MS,
    retryDelay: pushRetryDelay,
  })

  /** The subscriptions a batch goes to (one that went meanwhile took its deliveries with it). */
  async function destinationsOf(batch: DueDelivery[]): Promise<Map<string, Destination>> {
    const rows = await db
      .select({
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.id,
          batch.map((delivery) => delivery.subscription_id),
        ),
      )
    return new Map(rows.map((row) => [row.id, row]))
  }

  /** The notification encrypted for `to` and signed; null, said in the log, when it cannot be. */
  function prepare(delivery: DueDelivery, to: Destination) {
    try {
      return webpush.generateRequestDetails(
        { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
        JSON.stringify(delivery.payload),
        { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
      )
    } catch (error) {
      log.warn({ err: error, service: new URL(to.endpoint).origin }, 'push: notification not prepared')
      return null
    }
  }

  async function send(delivery: DueDelivery, to: Destination): Promise<DeliveryOutcome> {
    // PUSH_SERVICE_ORIGINS may have changed since the subscription was taken.
    if (!isKnownPushService(to.endpoint, extraOrigins)) return 'gone'
    // Kept before keys were checked at subscription: encrypting would throw at every round.
    if (!isP256Point(to.p256dh)) return 'unusable'
    const request = prepare(delivery, to)
    // Not this subscription's fault as far as we know (the VAPID keys, say): this delivery waits
    // for a later try, and the others of the batch go on.
    if (!request) return 'retry'
    try {
      // Node's own client: a test's push service may listen on http, which web-push cannot reach.
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
      await response.body?.cancel()
      return outcomeOf(response.status)
    } catch {
      return 'retry'
    }
  }

  async function settle(delivery: DueDelivery, to: Destination, outcome: DeliveryOutcome, now: Date) {
    const service = new URL(to.endpoint).origin
    if (outcome === 'delivered') {
      await outbox.forget(delivery)
    } else if (outcome === 'gone' || outcome === 'unusable') {
      // Its waiting deliveries go with it.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, to.id))
      if (outcome === 'gone') log.info({ service }, 'push: subscription gone, forgotten')
      else log.warn({ service }, 'push: subscription key is no P-256 point, forgotten')
    } else if (outcome === 'refused') {
      await outbox.forget(delivery)
      log.warn({ service }, 'push: notification refused by the push service, dropped')
    } else if (!(await outbox.retryLater(delivery, now))) {
      await outbox.forget(delivery)
      log.warn({ service, attempts: delivery.attempts }, 'push: undelivered for a day, dropped')
    }
  }

  /** Sends every due notification, a batch's at once; returns how many were taken. */
  function deliverDue(): Promise<number> {
    return outbox.drain(
      () => clock.now(),
      async (batch) => {
        const destinations = await destinationsOf(batch)
        await Promise.all(
          batch.map(async (delivery) => {
            const to = destinations.get(delivery.subscription_id)
            if (to) await settle(delivery, to, await send(delivery, to), clock.now())
          }),
        )
      },
    )
  }

  const rounds = createBackgroundRounds({
    pollMs: PUSH_POLL_MS,
    round: async () => {
      await outbox.dropExpired(clock.now())
      await deliverDue()
    },
    onError: (error) => log.warn({ err: error }, 'push: delivery round failed, trying again soon'),
  })

  return { deliverDue, ...rounds }
}

export type PushSender = ReturnType<typeof createPushSender>
