// Schemas (zod) of the API for this subject; its zod-free half is pagination-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import { PAGE_CURSOR_INVALID, PAGE_CURSOR_PATTERN, type Page } from './pagination-rules'

export * from './pagination-rules'

/** The schema of a `Page` of items. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    totalCapped: z.boolean().optional(),
    next: z.string().optional(),
    previous: z.string().optional(),
  }) satisfies z.ZodType<Page<z.infer<T>>>
}

/** Beyond the last page a list is empty, never an error. */
export const pageQuerySchema = z.coerce.number().int().min(1).max(1_000_000).default(1)

const pageCursorSchema = z.string().regex(PAGE_CURSOR_PATTERN, { message: PAGE_CURSOR_INVALID }).optional()

/** The query of a list that may be searched: its page and, to go on from a page, its cursor. */
export const searchPageQueryShape = {
  page: pageQuerySchema,
  after: pageCursorSchema,
  before: pageCursorSchema,
}
