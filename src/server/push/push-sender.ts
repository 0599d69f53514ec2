import { eq, lte, sql } from 'drizzle-orm'
import webpush from 'web-push'
import { PUSH_TTL_SECONDS, type PushPayload, pushRetryDelay } from '../../domain/push'
import { createBackgroundRounds } from '../background-rounds'
import type { Clock } from '../clock'
import { type Db, queryRows } from '../db/database'
import { pushDeliveries, pushSubscriptions } from '../db/schema'
import { isKnownPushService } from './push-services'
import type { VapidKeys } from './vapid-keys'

/** Deliveries taken at once by one instance. */
const BATCH = 20
/** A taken delivery is another instance's to retry after this long (this one stopped mid-way). */
const LEASE_MS = 60_000
/** A push service slower than this is tried again later. */
const SEND_TIMEOUT_MS = 10_000
/** Due deliveries are looked for this often, besides right after a change on any instance. */
export const PUSH_POLL_MS = 15_000

interface DueDelivery {
  id: string
  payload: PushPayload
  attempts: number
  expires_at: string | Date
  subscription_id: string
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

export type DeliveryOutcome = 'delivered' | 'gone' | 'refused' | 'retry'

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

  async function take(now: Date): Promise<DueDelivery[]> {
    const lease = new Date(now.getTime() + LEASE_MS).toISOString()
    return queryRows<DueDelivery>(
      db,
      sql`update ${pushDeliveries} d
        set next_attempt_at = ${lease}, attempts = d.attempts + 1
        from ${pushSubscriptions} s
        where s.id = d.subscription_id and d.id in (
          select id from ${pushDeliveries}
          where next_attempt_at <= ${now.toISOString()}
          order by next_attempt_at
          limit ${BATCH}
          for update skip locked)
        returning d.id, d.payload, d.attempts, d.expires_at,
          s.id as subscription_id, s.endpoint, s.p256dh, s.auth`,
    )
  }

  async function send(delivery: DueDelivery): Promise<DeliveryOutcome> {
    // PUSH_SERVICE_ORIGINS may have changed since the subscription was taken.
    if (!isKnownPushService(delivery.endpoint, extraOrigins)) return 'gone'
    const request = webpush.generateRequestDetails(
      { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
      JSON.stringify(delivery.payload),
      { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
    )
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

  async function settle(delivery: DueDelivery, outcome: DeliveryOutcome, now: Date) {
    const service = new URL(delivery.endpoint).origin
    if (outcome === 'delivered') {
      await db.delete(pushDeliveries).where(eq(pushDeliveries.id, Number(delivery.id)))
    } else if (outcome === 'gone') {
      // Its waiting deliveries go with it.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, delivery.subscription_id))
      log.info({ service }, 'push: subscription gone, forgotten')
    } else if (outcome === 'refused') {
      await db.delete(pushDeliveries).where(eq(pushDeliveries.id, Number(delivery.id)))
      log.warn({ service }, 'push: notification refused by the push service, dropped')
    } else {
      const next = new Date(now.getTime() + pushRetryDelay(delivery.attempts))
      if (next >= new Date(delivery.expires_at)) {
        await db.delete(pushDeliveries).where(eq(pushDeliveries.id, Number(delivery.id)))
        log.warn({ service, attempts: delivery.attempts }, 'push: undelivered for a day, dropped')
      } else {
        await db
          .update(pushDeliveries)
          .set({ next_attempt_at: next.toISOString() })
          .where(eq(pushDeliveries.id, Number(delivery.id)))
      }
    }
  }

  /** Sends every due notification; returns how many were taken. */
  async function deliverDue(): Promise<number> {
    let taken = 0
    for (;;) {
      const now = clock.now()
      const batch = await take(now)
      if (batch.length === 0) return taken
      taken += batch.length
      await Promise.all(batch.map(async (delivery) => settle(delivery, await send(delivery), clock.now())))
    }
  }

  /** Deliveries past their day (an instance stopped for that long): dropped. */
  async function dropExpired() {
    await db.delete(pushDeliveries).where(lte(pushDeliveries.expires_at, clock.now().toISOString()))
  }

  const rounds = createBackgroundRounds({
    pollMs: PUSH_POLL_MS,
    round: async () => {
      await dropExpired()
      await deliverDue()
    },
    onError: (error) => log.warn({ err: error }, 'push: delivery round failed, trying again soon'),
  })

  return { deliverDue, ...rounds }
}

export type PushSender = ReturnType<typeof createPushSender>
