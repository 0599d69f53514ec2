import { and, desc, eq, inArray } from 'drizzle-orm'
import { PUSH_SUBSCRIPTIONS_PER_OWNER, type PushSubscriptionInput } from '../../domain/push'
import type { Db } from '../db/database'
import { pushSubscriptions } from '../db/schema'
import { AppError } from '../errors'

/** Whom a subscription tells: a citizen's device (by its token's hash) or an organisation's member. */
export type PushOwner = { deviceHash: string } | { memberId: string }

const ownerColumns = (owner: PushOwner) =>
  'deviceHash' in owner
    ? { device_hash: owner.deviceHash, member_id: null }
    : { device_hash: null, member_id: owner.memberId }

const isOwnedBy = (owner: PushOwner) =>
  'deviceHash' in owner
    ? eq(pushSubscriptions.device_hash, owner.deviceHash)
    : eq(pushSubscriptions.member_id, owner.memberId)

/**
 * Keeps a browser's subscription for its owner (the same endpoint again, with new keys or a new
 * language, replaces the old one); beyond PUSH_SUBSCRIPTIONS_PER_OWNER the oldest go. An endpoint
 * is one owner's: another device or member posting it (a phone where a citizen subscribed and then
 * an agent signed in, or two agents in turn) gets a 409, and the first keeps its news; the browser
 * then takes a new endpoint of its own.
 */
export async function saveSubscription(db: Db, owner: PushOwner, input: PushSubscriptionInput) {
  await db.transaction(async (tx) => {
    const values = {
      ...ownerColumns(owner),
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      language: input.language,
    }
    const saved = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values, setWhere: isOwnedBy(owner) })
      .returning({ id: pushSubscriptions.id })
    if (saved.length === 0) throw new AppError('conflict', { reason: 'push.endpointOfAnotherDevice' })
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(isOwnedBy(owner))
      .orderBy(desc(pushSubscriptions.created_at), desc(pushSubscriptions.id))
    const extra = kept.slice(PUSH_SUBSCRIPTIONS_PER_OWNER).map((row) => row.id)
    if (extra.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra))
  })
}

/** The owner's subscription at `endpoint` is forgotten; another's is left alone. */
export async function removeSubscription(db: Db, owner: PushOwner, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(isOwnedBy(owner), eq(pushSubscriptions.endpoint, endpoint)))
}
