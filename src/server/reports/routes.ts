import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { mapQuerySchema, mapReportsSchema } from '../../domain/map'
import { recentReportsSchema, reportCountSchema } from '../../domain/report'
import { reportsInBox } from './map-repository'
import { countPublicReports, recentReports } from './repository'

/**
 * The home page's reads, the same for every visitor: served from the read cache, already
 * serialised, until a report changes.
 */
export const publicReportRoutes: FastifyPluginAsyncZod = async (app) => {
  async function sendCached<S extends z.ZodType>(
    reply: FastifyReply,
    key: string,
    schema: S,
    load: () => Promise<z.input<S>>,
  ) {
    // Parsed once per load, as the response serialiser would: unknown fields never leave.
    const body = await app.readCache.get(key, async () => JSON.stringify(schema.parse(await load())))
    return reply.type('application/json; charset=utf-8').send(body)
  }

  app.get(
    '/api/reports/recent',
    {
      schema: {
        tags: ['public'],
        summary: 'Les signalements les plus récents (page d’accueil)',
        response: { 200: recentReportsSchema },
      },
    },
    (_request, reply) =>
      sendCached(reply, 'reports-recent', recentReportsSchema, () => recentReports(app.deps.db.db)),
  )

  app.get(
    '/api/reports/count',
    {
      schema: {
        tags: ['public'],
        summary: 'Nombre de signalements publics',
        response: { 200: reportCountSchema },
      },
    },
    (_request, reply) =>
      sendCached(reply, 'reports-count', reportCountSchema, async () => ({
        count: await countPublicReports(app.deps.db.db),
      })),
  )

  app.get(
    '/api/reports/map',
    {
      schema: {
        tags: ['public'],
        summary: 'Signalements dans une zone de la carte (regroupés quand ils sont nombreux)',
        querystring: mapQuerySchema,
        response: { 200: mapReportsSchema },
      },
    },
    (request, reply) =>
      sendCached(reply, `reports-map:${request.query.bbox.join(',')}`, mapReportsSchema, () =>
        reportsInBox(app.deps.db.db, request.query.bbox),
      ),
  )
}
