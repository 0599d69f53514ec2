import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { healthSchema, healthUnavailableSchema } from '../../domain/health'
import { isDatabaseUnavailable } from '../db/unavailable'
import { AppError } from '../errors'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['public'],
        summary: 'État du serveur',
        response: { 200: healthSchema, 503: healthUnavailableSchema },
      },
    },
    async (_request, reply) => {
      const database = app.deps.db.kind
      try {
        // A round trip proves the database answers, not only that the process is up.
        await app.deps.db.db.execute(sql`select 1`)
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error
        return reply
          .status(503)
          .send({ status: 'error' as const, database, ...new AppError('database_unavailable').toBody() })
      }
      return { status: 'ok' as const, database }
    },
  )
}
