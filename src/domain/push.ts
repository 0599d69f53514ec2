// Schemas (zod) of the Web Push API; its zod-free half is push-rules.ts, re-exported here.
import { z } from 'zod'
import { LANGUAGES } from './constants'
import { PUSH_MESSAGES } from './push-rules'

export * from './push-rules'

/** base64url of exactly `bytes` bytes, as browsers give a subscription's keys. */
function base64urlOf(bytes: number) {
  const length = Math.ceil((bytes * 4) / 3)
  return z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), { error: PUSH_MESSAGES.invalidSubscription })
}

/** A browser's PushSubscription as `toJSON()` gives it, and the language its notifications use. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: PUSH_MESSAGES.invalidSubscription }).max(2048),
  keys: z.object({
    /** The phone's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64urlOf(65),
    /** The phone's authentication secret (16 bytes). */
    auth: base64urlOf(16),
  }),
  language: z.enum(LANGUAGES).default('fr'),
})
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2048) })

/** The server's VAPID public key (base64url), which a browser needs to subscribe. */
export const pushKeySchema = z.object({ publicKey: z.string() })
export type PushKey = z.infer<typeof pushKeySchema>
