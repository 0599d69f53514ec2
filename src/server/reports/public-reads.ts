import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { recentReportsSchema, reportCountSchema } from '../../domain/report'
import { type CompressedBody, compressBody } from '../http/compressed-body'
import { countPublicReports, recentReports } from './repository'

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
