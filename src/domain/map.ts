// Schemas (zod) of the API, read by the server; a screen imports their types only (.dependency-cruiser.js).
import { z } from 'zod'
import { latitudeSchema, longitudeSchema } from './coordinates'
import { LOCATION_PRECISIONS } from './report-filing-rules'

/** Up to this many reports in view are sent one by one; beyond, the server groups them. */
export const MAP_MAX_POINTS = 500
/** The grid the server groups reports on: the view is cut into this many cells a side. */
export const MAP_CLUSTER_GRID = 24

export const mapQuerySchema = z.object({
  bbox: z
    .string()
    .transform((value) => value.split(',').map(Number))
    .pipe(
      z
        .tuple([longitudeSchema(), latitudeSchema(), longitudeSchema(), latitudeSchema()])
        .refine(([minLon, minLat, maxLon, maxLat]) => minLon <= maxLon && minLat <= maxLat),
    ),
})

export const mapPointSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  created_at: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** 'commune' for a point that is only its commune's centre (a report by SMS): drawn as the commune's circle. */
  location_precision: z.enum(LOCATION_PRECISIONS),
})
export type MapPoint = z.infer<typeof mapPointSchema>

export const mapClusterSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  count: z.number().int().positive(),
})
export type MapCluster = z.infer<typeof mapClusterSchema>

export const mapReportsSchema = z.object({
  points: z.array(mapPointSchema),
  clusters: z.array(mapClusterSchema),
})
export type MapReports = z.infer<typeof mapReportsSchema>
