import { eq } from 'drizzle-orm'
import type { Db } from '../db/database'
import { organizationActionReceipts } from '../db/schema'
import { AppError } from '../errors'
import { receiptKeyHash } from './filing-receipts'

/**
 * What an organisation's member did under an Idempotency-Key (issue 29): a field agent's phone
 * queues a status, a message or the photo of the fix while offline and sends it again until it
 * hears back. The receipt is written in the transaction of the action, so that the action is
 * done once; a repeat gets the first answer back, for the same member, the same report and the
 * same action only. Anything else under a key already used gets a 409 and nothing of the answer:
 * a first answer is the organisation's view of its own report, and a key is no secret (issue 47).
 */
export type OrganizationAction = 'change' | 'message' | 'resolution'

export interface ActionKey {
  idempotencyKey: string
  memberId: string
  reportId: string
  action: OrganizationAction
}

/** The first answer to this key, or undefined when nothing was done under it yet. */
export async function replayedAnswer(db: Db, key: ActionKey): Promise<{ response: unknown } | undefined> {
  const [receipt] = await db
    .select()
    .from(organizationActionReceipts)
    .where(eq(organizationActionReceipts.key_hash, receiptKeyHash(key.idempotencyKey)))
  if (!receipt) return undefined
  if (receipt.member_id !== key.memberId) {
    throw new AppError('conflict', { reason: 'team.idempotencyKeyOfAnotherMember' })
  }
  if (receipt.report_id !== key.reportId) {
    throw new AppError('conflict', { reason: 'team.idempotencyKeyOfAnotherReport' })
  }
  if (receipt.action !== key.action) {
    throw new AppError('conflict', { reason: 'team.idempotencyKeyOfAnotherAction' })
  }
  return { response: receipt.response }
}

/** Written with the action; a second one at once under the same key fails on the primary key. */
export async function recordActionReceipt(
  tx: Db,
  key: ActionKey,
  receipt: { response: unknown; at: string },
): Promise<void> {
  await tx.insert(organizationActionReceipts).values({
    key_hash: receiptKeyHash(key.idempotencyKey),
    member_id: key.memberId,
    report_id: key.reportId,
    action: key.action,
    response: receipt.response ?? null,
    created_at: receipt.at,
  })
}
