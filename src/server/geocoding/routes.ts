import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  GEOCODE_CACHE_DECIMALS,
  GEOCODING_MESSAGES,
  type ReverseGeocode,
  reverseGeocodeQuerySchema,
  reverseGeocodeSchema,
} from '../../domain/geocoding'
import { geocodeCache } from '../db/schema'
import { AppError } from '../errors'

const SCALE = 10 ** GEOCODE_CACHE_DECIMALS

export const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/geocode/reverse',
    {
      schema: {
        tags: ['public'],
        summary: 'Adresse d’une position (géocodage inverse, mis en cache)',
        querystring: reverseGeocodeQuerySchema,
        response: { 200: reverseGeocodeSchema },
      },
    },
    async (request) => {
      const { db } = app.deps.db
      const key = {
        lat_key: Math.round(request.query.lat * SCALE),
        lon_key: Math.round(request.query.lon * SCALE),
      }
      const where = and(eq(geocodeCache.lat_key, key.lat_key), eq(geocodeCache.lon_key, key.lon_key))
      const [cached] = await db.select().from(geocodeCache).where(where)
      if (cached) return cached.answer as ReverseGeocode

      const answer = await app.deps.geocoder.reverse(key.lat_key / SCALE, key.lon_key / SCALE)
      if (!answer) throw new AppError('unavailable', { message: GEOCODING_MESSAGES.unavailable })
      await db
        .insert(geocodeCache)
        .values({ ...key, answer })
        .onConflictDoNothing()
      return answer
    },
  )
}
