/**
 * Every French message of the domain, by a stable key: its reason. An API error carries the
 * reason of its message beside the text (`{error: {code, message, reason}}`), so that a screen
 * translates it by key, and the server throws by reason rather than by sentence. Without zod:
 * the web app imports this module for its types only (`import type`), the server at run time.
 */

import { ADMIN_MESSAGES } from './admin-rules'
import { API_KEY_MESSAGES } from './api-keys-rules'
import { AREA_MESSAGES } from './area-rules'
import { AUTH_MESSAGES } from './auth-rules'
import { RESOLUTION_MESSAGES, SUPPORT_MESSAGES } from './citizen-actions'
import { PUBLIC_REPORT_MESSAGES, TRACKING_MESSAGES } from './citizen-rules'
import { LIVE_EVENT_MESSAGES } from './events-rules'
import { GEOCODING_MESSAGES } from './geocoding-rules'
import { OPEN311_MESSAGES } from './open311-rules'
import { NAME_CHANGE_MESSAGES, SIGNUP_MESSAGES, ZONE_CHANGE_MESSAGES } from './organization-rules'
import { CLAIM_MESSAGES, NOTIFICATION_MESSAGES } from './organization-space-rules'
import { PUBLIC_DATA_MESSAGES } from './public-data-rules'
import { PUSH_MESSAGES } from './push-rules'
import { REPORT_FILING_MESSAGES } from './report-filing-rules'
import { SMS_MESSAGES, SMS_NEWS_MESSAGES } from './sms-rules'
import { TEAM_MESSAGES } from './team-rules'

/** The groups of messages: a reason is `<group>.<key>`, as in `tracking.notFound`. */
export const MESSAGE_GROUPS = {
  filing: REPORT_FILING_MESSAGES,
  tracking: TRACKING_MESSAGES,
  support: SUPPORT_MESSAGES,
  resolution: RESOLUTION_MESSAGES,
  publicReport: PUBLIC_REPORT_MESSAGES,
  claim: CLAIM_MESSAGES,
  notification: NOTIFICATION_MESSAGES,
  auth: AUTH_MESSAGES,
  signup: SIGNUP_MESSAGES,
  nameChange: NAME_CHANGE_MESSAGES,
  zoneChange: ZONE_CHANGE_MESSAGES,
  admin: ADMIN_MESSAGES,
  apiKeys: API_KEY_MESSAGES,
  geocoding: GEOCODING_MESSAGES,
  liveEvents: LIVE_EVENT_MESSAGES,
  open311: OPEN311_MESSAGES,
  push: PUSH_MESSAGES,
  publicData: PUBLIC_DATA_MESSAGES,
  team: TEAM_MESSAGES,
  area: AREA_MESSAGES,
  sms: SMS_MESSAGES,
  smsNews: SMS_NEWS_MESSAGES,
} as const
export type MessageGroups = typeof MESSAGE_GROUPS
export type MessageGroup = keyof MessageGroups

/** The key of one message of the domain: `'tracking.notFound' | 'claim.notYours' | …`. */
export type MessageReason = {
  [G in MessageGroup]: `${G}.${keyof MessageGroups[G] & string}`
}[MessageGroup]

/** Every reason, for the API's schema (errors.ts) and the tests. */
export const MESSAGE_REASONS = Object.entries(MESSAGE_GROUPS).flatMap(([group, messages]) =>
  Object.keys(messages).map((key) => `${group}.${key}`),
) as MessageReason[]

/** The French text of a reason. */
export function messageOf(reason: MessageReason): string {
  const [group, key] = reason.split('.') as [MessageGroup, string]
  return (MESSAGE_GROUPS[group] as Record<string, string>)[key] as string
}

/** Whether a value names a message of the domain (a reason received from outside is checked). */
export function isMessageReason(value: unknown): value is MessageReason {
  if (typeof value !== 'string') return false
  const [group, key, ...rest] = value.split('.')
  if (group === undefined || key === undefined || rest.length > 0) return false
  return Object.hasOwn(MESSAGE_GROUPS, group) && Object.hasOwn(MESSAGE_GROUPS[group as MessageGroup], key)
}
