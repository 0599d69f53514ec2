// The gateway's webhooks (issue 31): checked by their signature and time, then kept in sms_inbox
// before the answer, so that nothing acknowledged is lost and the gateway's retries (two days of
// them) are handled once.

import { createHmac, timingSafeEqual } from 'node:crypto'
import { normalizePhoneNumber } from '../../domain/phone-numbers'
import {
  SMS_MESSAGE_MAX_CHARACTERS,
  SMS_WEBHOOK_TOLERANCE_S,
  type SmsWebhook,
  smsReceivedSchema,
  smsStateSchema,
} from '../../domain/sms'
import type { Db } from '../db/database'
import { smsInbox } from '../db/schema'
import type { NumberPrivacy } from './number-privacy'

/**
 * Whether `signature` is the hex HMAC-SHA256, with `secret`, of the raw body followed by the
 * timestamp, and that timestamp within SMS_WEBHOOK_TOLERANCE_S of `now` (a replayed webhook is
 * refused once it is older).
 */
export function webhookIsAuthentic(
  secret: string,
  raw: { body: string; timestamp: string | undefined; signature: string | undefined },
  now: Date,
): boolean {
  const { body, timestamp, signature } = raw
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) {
    return false
  }
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SMS_WEBHOOK_TOLERANCE_S) return false
  const expected = createHmac('sha256', secret)
    .update(body + timestamp)
    .digest()
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
}

/**
 * Keeps a webhook to handle: a message as its number's hash and encrypted copy (never in clear),
 * cut to SMS_MESSAGE_MAX_CHARACTERS; a delivery state as the gateway's id of the message. An event
 * already kept, or one the platform does not read, changes nothing.
 */
export async function keepWebhook(
  db: Db,
  privacy: NumberPrivacy,
  hook: SmsWebhook,
  now: Date,
): Promise<void> {
  const row = rowOf(privacy, hook)
  if (!row) return
  await db
    .insert(smsInbox)
    .values({ event_id: hook.id, event: hook.event, received_at: now.toISOString(), ...row })
    .onConflictDoNothing()
}

function rowOf(privacy: NumberPrivacy, hook: SmsWebhook) {
  if (hook.event === 'sms:received') {
    const received = smsReceivedSchema.safeParse(hook.payload)
    const number = received.success ? normalizePhoneNumber(received.data.phoneNumber) : null
    if (!received.success || !number) return null
    return {
      number_hash: privacy.hash(number),
      number_encrypted: privacy.encrypt(number),
      message: [...received.data.message].slice(0, SMS_MESSAGE_MAX_CHARACTERS).join(''),
    }
  }
  if (hook.event === 'sms:sent' || hook.event === 'sms:delivered' || hook.event === 'sms:failed') {
    const state = smsStateSchema.safeParse(hook.payload)
    return state.success ? { gateway_message_id: state.data.messageId } : null
  }
  return null
}
