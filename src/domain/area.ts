// Schemas (zod) of the API for the communes (issue 30); the zod-free half is area-rules.ts.
import { z } from 'zod'
import { AREA_COUNT, AREA_MESSAGES } from './area-rules'

export * from './area-rules'

/** `GET /api/areas`: a commune of the department. */
export const areaSchema = z.object({ id: z.number().int(), name: z.string(), arrondissement: z.string() })
export type Area = z.infer<typeof areaSchema>
export const areasSchema = z.array(areaSchema)

/** A commune as a report or an organisation names it. */
export const areaRefSchema = z.object({ id: z.number().int(), name: z.string() })
export type AreaRef = z.infer<typeof areaRefSchema>

const SMALLINT_MAX = 32_767

/** The communes an organisation covers: none (or absent) is the whole department. */
export const areaIdsSchema = z
  .array(
    z
      .number()
      .int()
      .min(1, { error: AREA_MESSAGES.unknownArea })
      // An id the database's smallint cannot hold; the others are looked up (areas/repository.ts).
      .max(SMALLINT_MAX, { error: AREA_MESSAGES.unknownArea }),
  )
  .max(AREA_COUNT)
  .refine((ids) => new Set(ids).size === ids.length)

/** `GET /api/admin/areas`: the communes as the back-office's "Zones" screen draws them. */
export const adminAreaSchema = areaSchema.extend({
  latitude: z.number(),
  longitude: z.number(),
  radius_m: z.number().int(),
  /** The imported limits (a GeoJSON MultiPolygon), or null: the centre's approximation. */
  boundary: z.unknown().nullable(),
  boundary_imported_at: z.string().nullable(),
})
export type AdminArea = z.infer<typeof adminAreaSchema>
export const adminAreasSchema = z.object({
  items: z.array(adminAreaSchema),
  /** Whether the reports' communes are being counted again after an import. */
  recounting: z.boolean(),
})
export type AdminAreas = z.infer<typeof adminAreasSchema>
