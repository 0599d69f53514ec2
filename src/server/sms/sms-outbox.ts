import { SMS_RETRY_WINDOW_MS } from '../../domain/sms'
import type { Db } from '../db/database'
import { smsOutbox } from '../db/schema'

/** A number to write to: its hash, and its encrypted copy (sms_numbers keeps both). */
export interface SmsRecipient {
  number_hash: string
  number_encrypted: string
}

/**
 * Writes an SMS to send, in the transaction of what it tells (a reply, a report's news): sent
 * when that commits, tried again for SMS_RETRY_WINDOW_MS, never lost by a restart.
 */
export async function queueSms(tx: Db, to: SmsRecipient, text: string, now: Date): Promise<void> {
  await tx.insert(smsOutbox).values({
    number_hash: to.number_hash,
    number_encrypted: to.number_encrypted,
    text,
    next_attempt_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SMS_RETRY_WINDOW_MS).toISOString(),
    created_at: now.toISOString(),
  })
}
