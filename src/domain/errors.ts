// Schemas (zod) of the API for this subject; its zod-free half is errors-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import { MESSAGE_REASONS, type MessageReason } from './messages'

export * from './errors-rules'

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    /**
     * The key of `message` among the domain's messages (messages.ts), when it is one of them: a
     * screen translates the error by it. Generic errors have none: their `code` is their key.
     */
    reason: z.enum(MESSAGE_REASONS as [MessageReason, ...MessageReason[]]).optional(),
  }),
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>
