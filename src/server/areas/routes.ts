import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminAreasSchema, areasSchema } from '../../domain/area'
import { BOUNDARY_FILE_MAX_BYTES, BOUNDARY_MESSAGES } from '../../domain/area-boundaries'
import { requireAdmin } from '../auth/guards'
import { AppError } from '../errors'
import { adminAreas, checkBoundaryFile, importBoundaries } from './boundaries'
import { listAreas } from './repository'

export const areaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/areas',
    {
      schema: {
        tags: ['public'],
        summary: 'Communes du département de Dakar',
        response: { 200: areasSchema },
      },
    },
    () => listAreas(app.deps.db.db),
  )
}

/** The back-office's "Zones": the communes and the limits an administrator imports. */
export const adminAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin)
  const tags = ['admin']

  app.get('/api/admin/areas', { schema: { tags, response: { 200: adminAreasSchema } } }, () =>
    adminAreas(app.deps.db.db),
  )

  app.put(
    '/api/admin/areas',
    {
      // Over the limit, a clear answer before the body is read (and the limit itself after).
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > BOUNDARY_FILE_MAX_BYTES) {
          throw new AppError('invalid_input', { message: BOUNDARY_MESSAGES.tooLarge })
        }
      },
      bodyLimit: BOUNDARY_FILE_MAX_BYTES,
      // A body sent without its length is stopped at the limit while read: the same answer.
      errorHandler: (error) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          throw new AppError('invalid_input', { message: BOUNDARY_MESSAGES.tooLarge })
        throw error
      },
      schema: {
        tags,
        summary: 'Limites des communes (GeoJSON FeatureCollection de Polygon / MultiPolygon)',
        body: z.unknown(),
        response: { 200: z.object({ updated: z.number().int() }) },
      },
    },
    async (request) => {
      const read = await checkBoundaryFile(request.body)
      if (!read.ok) throw new AppError('invalid_input', { message: read.problem })
      await importBoundaries(app.deps.db.db, read.value, app.deps.clock.now())
      // Every instance's cached reads (the statistics' credit, the reports' communes) are stale.
      await app.events.publish({ type: 'areas.changed' })
      app.areaRecount.wake()
      return { updated: read.value.length }
    },
  )
}
