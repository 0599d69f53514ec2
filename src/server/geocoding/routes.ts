import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  GEOCODE_CACHE_DECIMALS,
  GEOCODE_RATE_WINDOW_MS,
  GEOCODE_REQUESTS_PER_ADDRESS,
  type ReverseGeocode,
  reverseGeocodeQuerySchema,
  reverseGeocodeSchema,
} from '../../domain/geocoding'
import { geocodeCache } from '../db/schema'
import { AppError } from '../errors'
import { clientAddressKey, limitPerAddress } from '../http/rate-limits'

const SCALE = 10 ** GEOCODE_CACHE_DECIMALS

export const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/geocode/reverse',
    {
      config: limitPerAddress(
        GEOCODE_REQUESTS_PER_ADDRESS,
        GEOCODE_RATE_WINDOW_MS,
        'geocoding.tooManyRequests',
      ),
      schema: {
        tags: ['public'],
        summary: 'Adresse d’une position (géocodage inverse, mis en cache)',
        querystring: reverseGeocodeQuerySchema,
        response: { 200: reverseGeocodeSchema },
      },
    },
    async (request, reply) => {
      const { db } = app.deps.db
      const key = {
        lat_key: Math.round(request.query.lat * SCALE),
        lon_key: Math.round(request.query.lon * SCALE),
      }
      const where = and(eq(geocodeCache.lat_key, key.lat_key), eq(geocodeCache.lon_key, key.lon_key))
      const [cached] = await db.select().from(geocodeCache).where(where)
      if (cached) return cached.answer as ReverseGeocode
      // GEOCODER_URL is empty: places show their coordinates, as the operator chose.
      if (!app.deps.geocoder.enabled) {
        throw new AppError('unavailable', { reason: 'geocoding.unavailable', expected: true })
      }

      // A client that leaves (the pin moved again) gives its turn for the geocoder to the next;
      // clients take their turns by address, so that busy addresses cannot starve the others.
      const left = new AbortController()
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) left.abort()
      })
      const answer = await app.deps.geocoder.reverse(key.lat_key / SCALE, key.lon_key / SCALE, {
        signal: left.signal,
        client: clientAddressKey(request.ip),
      })
      if (!answer) {
        // An outside service down or slow is expected, and the form shows the coordinates instead:
        // one warning without a stack, not an error per pin moved.
        request.log.warn({ reason: 'geocoding.unavailable' }, 'geocoder did not answer')
        throw new AppError('unavailable', { reason: 'geocoding.unavailable', expected: true })
      }
      await db
        .insert(geocodeCache)
        .values({ ...key, answer })
        .onConflictDoNothing()
      return answer
    },
  )
}
