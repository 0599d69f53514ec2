import type { FastifyPluginAsync } from 'fastify'
import { AppError } from '../errors'
import { BACKUP_SECRET_HEADER, secretMatches } from './backup-access'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * A dump of the embedded database for `npm run backup`: PGlite is one process, and the running
 * server holds it, so the server makes the dump itself. Only for a caller on this machine that
 * knows the secret of DATA_DIR/backup-access.json; through a proxy, or on a PostgreSQL server
 * (pg_dump's job), the route does not exist.
 */
export const backupRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/internal/backup', { schema: { hide: true } }, async (request, reply) => {
    const { db, backupSecret } = app.deps
    const direct = LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for']
    if (!db.dump || !backupSecret || !direct) throw new AppError('route_not_found')
    const given = request.headers[BACKUP_SECRET_HEADER]
    if (!secretMatches(backupSecret, Array.isArray(given) ? given[0] : given)) {
      throw new AppError('not_authenticated')
    }
    const dump = await db.dump()
    return reply.header('content-type', 'application/gzip').header('cache-control', 'no-store').send(dump)
  })
}
