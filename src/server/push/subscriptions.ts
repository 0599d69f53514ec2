import { and, desc, eq, inArray } from 'drizzle-orm'
import { PUSH_SUBSCRIPTIONS_PER_DEVICE, type PushSubscriptionInput } from '../../domain/push'
import type { Db } from '../db/database'
import { pushSubscriptions } from '../db/schema'
import { AppError } from '../errors'

/**
 * Keeps a browser's subscription for this device (the same endpoint again, with new keys or a new
 * language, replaces the old one); beyond PUSH_SUBSCRIPTIONS_PER_DEVICE the oldest go. An endpoint
 * is one device's: another device posting it gets a 409, and the first keeps its news.
 */
export async function saveSubscription(db: Db, deviceHash: string, input: PushSubscriptionInput) {
  await db.transaction(async (tx) => {
    const values = {
      device_hash: deviceHash,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      language: input.language,
    }
    const saved = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: values,
        setWhere: eq(pushSubscriptions.device_hash, deviceHash),
      })
      .returning({ id: pushSubscriptions.id })
    if (saved.length === 0) throw new AppError('conflict', { reason: 'push.endpointOfAnotherDevice' })
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.device_hash, deviceHash))
      .orderBy(desc(pushSubscriptions.created_at), desc(pushSubscriptions.id))
    const extra = kept.slice(PUSH_SUBSCRIPTIONS_PER_DEVICE).map((row) => row.id)
    if (extra.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra))
  })
}

/** This device's subscription at `endpoint` is forgotten; another device's is left alone. */
export async function removeSubscription(db: Db, deviceHash: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.device_hash, deviceHash), eq(pushSubscriptions.endpoint, endpoint)))
}
