// Schemas (zod) of the API for this subject; its zod-free half is api-keys-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import { API_KEY_MESSAGES, API_KEY_NAME_MAX_LENGTH } from './api-keys-rules'

export * from './api-keys-rules'

/** An API key as the back-office lists it: never the key itself, which is shown once. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
})
export type ApiKey = z.infer<typeof apiKeySchema>
export const apiKeysSchema = z.object({ items: z.array(apiKeySchema) })
export type ApiKeys = z.infer<typeof apiKeysSchema>

export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1, { error: API_KEY_MESSAGES.nameRequired }).max(API_KEY_NAME_MAX_LENGTH),
  })
  .strict()

/** The answer to its creation: the only time the key is readable. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() })
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>
