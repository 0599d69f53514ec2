import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { publicReportSchema } from '../../domain/citizen'
import { isReportId } from '../../domain/citizen-rules'
import { recentReportsSchema, reportCountSchema } from '../../domain/report'
import { AppError } from '../errors'
import { type CompressedBody, compressBody } from '../http/compressed-body'
import { countPublicReports, publicReport, recentReports } from './repository'

/**
 * A public read, the same for every visitor, kept serialised and compressed in the read cache
 * until a report changes. Parsed once per load by its response schema, as the serialiser would:
 * unknown fields never leave.
 */
export function cachedRead<S extends z.ZodType>(
  app: FastifyInstance,
  key: string,
  schema: S,
  load: () => Promise<z.input<S>>,
): Promise<CompressedBody> {
  return app.readCache.get(key, async () => compressBody(JSON.stringify(schema.parse(await load()))))
}

/** The home page's newest reports (GET /api/reports/recent, and the home page's HTML). */
export function cachedRecentReports(app: FastifyInstance): Promise<CompressedBody> {
  return cachedRead(app, 'reports-recent', recentReportsSchema, () => recentReports(app.deps.db.db))
}

/** The home page's count (GET /api/reports/count, and the home page's HTML). */
export function cachedReportCount(app: FastifyInstance): Promise<CompressedBody> {
  return cachedRead(app, 'reports-count', reportCountSchema, async () => ({
    count: await countPublicReports(app.deps.db.db),
  }))
}

/**
 * One report's public page (GET /api/reports/:id, and its page's HTML), kept like the home page's
 * reads until a report or an organisation changes. An unknown, malformed or rejected id is a 404
 * and is not kept: only reports that exist take a place in the cache.
 */
export function cachedPublicReport(app: FastifyInstance, id: string): Promise<CompressedBody> {
  const unknown = () => new AppError('not_found', { reason: 'publicReport.notFound' })
  if (!isReportId(id)) return Promise.reject(unknown())
  // PostgreSQL reads a UUID in any case: one key per report.
  const key = `report:${id.toLowerCase()}`
  return cachedRead(app, key, publicReportSchema, async () => {
    const found = await publicReport(app.deps.db.db, id)
    if (!found) throw unknown()
    return found
  })
}
