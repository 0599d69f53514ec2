// Schemas (zod) of the API, read by the server; a screen imports their types only (zod-free.test.ts).
import { z } from 'zod'

export const DATABASE_KINDS = ['pglite', 'postgres'] as const
export type DatabaseKind = (typeof DATABASE_KINDS)[number]

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(DATABASE_KINDS) })
export type Health = z.infer<typeof healthSchema>
