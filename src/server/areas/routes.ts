import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { areasSchema } from '../../domain/area'
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
