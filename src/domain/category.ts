// Schemas (zod) of the API, read by the server; a screen imports their types only (.dependency-cruiser.js).
import { z } from 'zod'

export * from './category-rules'

export const categoryTranslationsSchema = z.object({ en: z.string(), wo: z.string() })

/** A category: its French name, and its English and Wolof names ('' when not translated: French stands in). */
export const categorySchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  translations: categoryTranslationsSchema,
})
export type Category = z.infer<typeof categorySchema>
export const categoriesSchema = z.array(categorySchema)
