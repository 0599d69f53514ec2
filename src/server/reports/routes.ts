import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { publicReportSchema } from '../../domain/citizen'
import { mapQuerySchema, mapReportsSchema } from '../../domain/map'
import { recentReportsSchema, reportCountSchema } from '../../domain/report'
import { type CompressedBody, sendCompressed } from '../http/compressed-body'
import { reportsInBox } from './map-repository'
import { cachedPublicReport, cachedRead, cachedRecentReports, cachedReportCount } from './public-reads'

/**
 * The public reads, the same for every visitor (the home page's, a report's public page): served
 * from the read cache, already serialised and compressed, until a report changes.
 */
export const publicReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendJson = (reply: FastifyReply, body: CompressedBody) =>
    sendCompressed(reply.type('application/json; charset=utf-8'), body)

  app.get(
    '/api/reports/recent',
    {
      schema: {
        tags: ['public'],
        summary: 'Les signalements les plus récents (page d’accueil)',
        response: { 200: recentReportsSchema },
      },
    },
    async (_request, reply) => sendJson(reply, await cachedRecentReports(app)),
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
    async (_request, reply) => sendJson(reply, await cachedReportCount(app)),
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
    async (request, reply) =>
      sendJson(
        reply,
        await cachedRead(app, `reports-map:${request.query.bbox.join(',')}`, mapReportsSchema, () =>
          reportsInBox(app.deps.db.db, request.query.bbox),
        ),
      ),
  )

  // The fixed paths (recent, count, map, nearby) win over this one in Fastify's router.
  app.get(
    '/api/reports/:id',
    {
      schema: {
        tags: ['public'],
        summary:
          'La page publique d’un signalement : catégorie, statut, lieu, dates, organisation, historique public (ni code, ni photo, ni note vocale, ni message)',
        // Any text: an id that cannot be a report's is a 404 like an unknown one, not a 400.
        params: z.object({ id: z.string() }),
        response: { 200: publicReportSchema },
      },
    },
    async (request, reply) => sendJson(reply, await cachedPublicReport(app, request.params.id)),
  )
}
