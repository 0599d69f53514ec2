// Schemas (zod) of the API for this subject; its zod-free half is errors-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'

export * from './errors-rules'

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }),
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>
