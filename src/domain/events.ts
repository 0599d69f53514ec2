// Schemas (zod) of the live events' API; its zod-free half is events-rules.ts, re-exported here.
import { z } from 'zod'

export * from './events-rules'

/** What opens one live stream (`GET /api/events?ticket=…`): once, within its time. */
export const liveStreamTicketSchema = z.object({
  ticket: z.string(),
  /** Seconds the ticket stays valid. */
  expiresIn: z.number().int().positive(),
})
export type LiveStreamTicket = z.infer<typeof liveStreamTicketSchema>
