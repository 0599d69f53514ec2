// Schemas (zod) of the API for this subject; its zod-free half is geocoding-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import { latitudeParameter, longitudeParameter } from './coordinates'
import type { GeocodedAddress } from './location'

export const reverseGeocodeQuerySchema = z.object({
  lat: latitudeParameter(),
  lon: longitudeParameter(),
})

export const reverseGeocodeSchema = z.object({
  display_name: z.string(),
  city: z.string().nullable(),
  address: z.object({
    suburb: z.string().optional(),
    neighbourhood: z.string().optional(),
    city: z.string().optional(),
    town: z.string().optional(),
    village: z.string().optional(),
    state: z.string().optional(),
    province: z.string().optional(),
  }) satisfies z.ZodType<GeocodedAddress>,
})
export type ReverseGeocode = z.infer<typeof reverseGeocodeSchema>

export * from './geocoding-rules'
