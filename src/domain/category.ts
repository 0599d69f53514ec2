// Schemas (zod) of the API, read by the server; a screen imports their types only (.dependency-cruiser.js).
import { z } from 'zod'

/** Categories seeded on the first start (DESIGN.md section 4). */
export const DEFAULT_CATEGORIES = [
  'Voirie',
  'Éclairage public',
  'Propreté',
  'Assainissement',
  'Autre',
] as const

export const categorySchema = z.object({ id: z.number().int(), nom: z.string() })
export type Category = z.infer<typeof categorySchema>
export const categoriesSchema = z.array(categorySchema)
