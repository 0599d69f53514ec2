// Schemas (zod) of the API, read by the server; a screen imports their types only (.dependency-cruiser.js).
import { z } from 'zod'
import { apiErrorBodySchema } from './errors'

export const DATABASE_KINDS = ['pglite', 'postgres'] as const
export type DatabaseKind = (typeof DATABASE_KINDS)[number]

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(DATABASE_KINDS) })
export type Health = z.infer<typeof healthSchema>

/**
 * The process is up but its database does not answer (503): a load balancer takes the instance
 * out, an operator reads why. The error is the API's `database_unavailable`.
 */
export const healthUnavailableSchema = z.object({
  status: z.literal('error'),
  database: z.enum(DATABASE_KINDS),
  ...apiErrorBodySchema.shape,
})
export type HealthUnavailable = z.infer<typeof healthUnavailableSchema>
