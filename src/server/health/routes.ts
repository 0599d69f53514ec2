import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { healthSchema } from '../../domain/health'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['public'], summary: 'État du serveur', response: { 200: healthSchema } } },
    async () => {
      // A round trip proves the database answers, not only that the process is up.
      await app.deps.db.db.execute(sql`select 1`)
      return { status: 'ok' as const, database: app.deps.db.kind }
    },
  )
}
