import { eq } from 'drizzle-orm'
import type { Language } from '../../domain/constants'
import { handedOverPayload, PUSH_RETRY_WINDOW_MS, type PushNews, pushPayloadOf } from '../../domain/push'
import type { Db } from '../db/database'
import { categories, pushDeliveries, pushSubscriptions } from '../db/schema'

/**
 * Writes the notifications of a change for the device that filed the report, in the transaction
 * of the change: committed with it or not at all, and waiting in the table until delivered.
 */
export async function queuePushNews(
  tx: Db,
  report: { id: string; reporter_hash: string | null; category_id: number },
  news: readonly PushNews[],
  at: Date,
): Promise<void> {
  if (news.length === 0 || !report.reporter_hash) return
  const subscriptions = await tx
    .select({ id: pushSubscriptions.id, language: pushSubscriptions.language })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.device_hash, report.reporter_hash))
  if (subscriptions.length === 0) return
  const [category] = await tx
    .select({ fr: categories.nom, en: categories.nom_en, wo: categories.nom_wo })
    .from(categories)
    .where(eq(categories.id, report.category_id))
  const expiresAt = new Date(at.getTime() + PUSH_RETRY_WINDOW_MS).toISOString()
  await tx.insert(pushDeliveries).values(
    subscriptions.flatMap((subscription) => {
      const language = subscription.language as Language
      // A category without its translation reads in French rather than not at all.
      const name = (category?.[language] || category?.fr) ?? ''
      return news.map((item) => ({
        subscription_id: subscription.id,
        payload: pushPayloadOf(item, { id: report.id, category: name }, language),
        next_attempt_at: at.toISOString(),
        expires_at: expiresAt,
        created_at: at.toISOString(),
      }))
    }),
  )
}

/**
 * Writes the notification of a report handed to a member for each of their phones, in the
 * transaction of the hand-over, as above: "Nouveau signalement confié", its category and address.
 */
export async function queueHandedOverNews(
  tx: Db,
  report: { id: string; type: string; address: string | null; assignee_id: string },
  at: Date,
): Promise<void> {
  const subscriptions = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.member_id, report.assignee_id))
  if (subscriptions.length === 0) return
  const payload = handedOverPayload({ id: report.id, category: report.type, address: report.address })
  const expiresAt = new Date(at.getTime() + PUSH_RETRY_WINDOW_MS).toISOString()
  await tx.insert(pushDeliveries).values(
    subscriptions.map((subscription) => ({
      subscription_id: subscription.id,
      payload,
      next_attempt_at: at.toISOString(),
      expires_at: expiresAt,
      created_at: at.toISOString(),
    })),
  )
}
