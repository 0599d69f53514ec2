import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  OPEN_DATA_LICENCE,
  PUBLIC_EXPORT_COLUMNS,
  PUBLIC_EXPORTS_PER_ADDRESS,
  type PublicExportQuery,
  publicExportQuerySchema,
  publicStatsQuerySchema,
  publicStatsSchema,
} from '../../domain/public-data'
import { REPORT_STATUSES } from '../../domain/report-states'
import { sendCompressed } from '../http/compressed-body'
import { csvTable, sendStreamed } from '../http/csv'
import { limitPerAddress } from '../http/rate-limits'
import { cachedRead } from '../reports/public-reads'
import { type PublicExportRow, publicExportRows } from './export-repository'
import { publicStatistics } from './statistics-repository'

const HOUR_MS = 60 * 60 * 1000

const publicReportsCsv = csvTable(PUBLIC_EXPORT_COLUMNS, {
  status: (value) => REPORT_STATUSES[value as keyof typeof REPORT_STATUSES]?.label ?? value,
})

/** A report as a GeoJSON Feature: a point (longitude first) and its public fields. */
function asFeature({ id, latitude, longitude, ...properties }: PublicExportRow): string {
  return JSON.stringify({
    type: 'Feature',
    id,
    geometry: { type: 'Point', coordinates: [longitude, latitude] },
    properties,
  })
}

/**
 * The city's open record (issue 18): the public statistics, kept by the read cache until a report
 * or an organisation changes, and every public report as GeoJSON or CSV, streamed in batches.
 */
export const publicDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db.db
  const exportLimit = limitPerAddress(PUBLIC_EXPORTS_PER_ADDRESS, HOUR_MS, 'publicData.tooManyExports')
  const fileName = (query: PublicExportQuery, extension: string) =>
    `signalements-publics-${app.deps.clock.now().toISOString().slice(0, 10)}${query.status ? `-${query.status}` : ''}.${extension}`

  app.get(
    '/api/public/stats',
    {
      schema: {
        tags: ['public'],
        summary:
          'Statistiques publiques : signalements par catégorie, par semaine (26 semaines) et par organisation, médianes des délais et part résolue dans les délais fixés par catégorie (signalements rejetés jamais comptés)',
        querystring: publicStatsQuerySchema,
        response: { 200: publicStatsSchema },
      },
    },
    async (request, reply) => {
      const limit = request.query.organizations
      const body = await cachedRead(app, `public-stats:${limit ?? 'all'}`, publicStatsSchema, async () => {
        const stats = await publicStatistics(db(), app.deps.clock.now())
        return limit ? { ...stats, by_organization: stats.by_organization.slice(0, limit) } : stats
      })
      return sendCompressed(reply.type('application/json; charset=utf-8'), body)
    },
  )

  app.get(
    '/api/public/reports.csv',
    {
      config: exportLimit,
      schema: {
        tags: ['public'],
        summary: `Tous les signalements publics en CSV (UTF-8, « ; »), sous ${OPEN_DATA_LICENCE.name} : catégorie, statut, description, commune, position, dates, organisation (ni code, ni média, ni message)`,
        querystring: publicExportQuerySchema,
      },
    },
    (request, reply) => {
      const batches = publicExportRows(db(), request.query)
      const lines = async function* () {
        yield publicReportsCsv.header()
        for await (const batch of batches) yield publicReportsCsv.lines(batch)
      }
      return sendStreamed(reply, 'text/csv; charset=utf-8', fileName(request.query, 'csv'), lines())
    },
  )

  app.get(
    '/api/public/reports.geojson',
    {
      config: exportLimit,
      schema: {
        tags: ['public'],
        summary: `Tous les signalements publics en GeoJSON (des points), sous ${OPEN_DATA_LICENCE.name} : mêmes champs que le CSV`,
        querystring: publicExportQuerySchema,
      },
    },
    (request, reply) => {
      const batches = publicExportRows(db(), request.query)
      const chunks = async function* () {
        yield `{"type":"FeatureCollection","license":${JSON.stringify(OPEN_DATA_LICENCE)},"features":[`
        let first = true
        for await (const batch of batches) {
          yield `${first ? '' : ','}${batch.map(asFeature).join(',')}`
          first = false
        }
        yield ']}'
      }
      return sendStreamed(
        reply,
        'application/geo+json; charset=utf-8',
        fileName(request.query, 'geojson'),
        chunks(),
      )
    },
  )
}
