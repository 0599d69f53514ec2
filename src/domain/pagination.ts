// Schemas (zod) of the API for this subject; its zod-free half is pagination-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import type { Page } from './pagination-rules'

export * from './pagination-rules'

/** The schema of a `Page` of items. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  }) satisfies z.ZodType<Page<z.infer<T>>>
}

/** Beyond the last page a list is empty, never an error. */
export const pageQuerySchema = z.coerce.number().int().min(1).max(1_000_000).default(1)
