// Schemas (zod) of the SMS gateway's webhooks (issue 31); the zod-free half is sms-rules.ts,
// re-exported here. The gateway is SMS Gateway for Android: its events as it sends them.
import { z } from 'zod'
import { SMS_CONFIRMATION_CODE_DIGITS, SMS_NEWS_STATES } from './sms-rules'

export * from './sms-rules'

/** The events the platform reads; the gateway's others (system:ping, mms:*) are taken and ignored. */
export const SMS_EVENTS = ['sms:received', 'sms:sent', 'sms:delivered', 'sms:failed'] as const
export type SmsEvent = (typeof SMS_EVENTS)[number]

/** A webhook's envelope: `id` is the event's own, the same on each of the gateway's retries. */
export const smsWebhookSchema = z.object({
  id: z.string().min(1).max(100),
  webhookId: z.string().max(100).optional(),
  deviceId: z.string().max(100).optional(),
  event: z.string().max(50),
  payload: z.record(z.string(), z.unknown()),
})
export type SmsWebhook = z.infer<typeof smsWebhookSchema>

/** sms:received: a citizen's message (`messageId` is derived from its content: not unique). */
export const smsReceivedSchema = z.object({
  messageId: z.string().max(100).optional(),
  phoneNumber: z.string().min(1).max(40),
  message: z.string(),
  receivedAt: z.string().max(60).optional(),
  simNumber: z.number().int().nullable().optional(),
})

/** sms:sent, sms:delivered, sms:failed: what became of a message the gateway was given. */
export const smsStateSchema = z.object({
  messageId: z.string().min(1).max(100),
  error: z.string().max(500).optional(),
})

/** GET /api/admin/sms: the channel as the operator's dashboard card shows it. */
export const smsChannelStatusSchema = z.object({
  /** Whether the gateway answers its health check. */
  gateway_reachable: z.boolean(),
  /** The last message a citizen sent, if any is still known. */
  last_received_at: z.string().nullable(),
  /** SMS written and not yet taken by the gateway. */
  waiting: z.number().int(),
  /** SMS given up or failed since midnight (Dakar's time, UTC). */
  failed_today: z.number().int(),
})
export type SmsChannelStatus = z.infer<typeof smsChannelStatusSchema>

/** POST /api/citizen/sms-news: a number for this device's reports' news; a code is sent to it. */
export const smsNewsRequestSchema = z.object({
  phone: z.string().max(40),
  /** The language of the code's SMS, and of the news after it: the site's. */
  language: z.enum(['fr', 'wo', 'en']).default('fr'),
})
/** POST /api/citizen/sms-news/confirm: the code received. */
export const smsNewsConfirmSchema = z.object({
  code: z
    .string()
    .trim()
    .max(SMS_CONFIRMATION_CODE_DIGITS * 2),
})
/** GET /api/citizen/sms-news, and the answer of the two above. */
export const smsNewsStatusSchema = z.object({ state: z.enum(SMS_NEWS_STATES) })
export type SmsNewsStatus = z.infer<typeof smsNewsStatusSchema>
