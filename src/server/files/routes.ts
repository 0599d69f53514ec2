import fastifyStatic from '@fastify/static'
import { create } from 'content-disposition'
import type { FastifyPluginAsync } from 'fastify'
import { downloadName, servedType } from '../media/media-types'
import { FILE_PATH_PATTERN } from '../storage/file-storage'
import { createMediaLinks, isRejectedReportFile, mayFetchRejectedFile } from './media-access'

const ONE_YEAR_S = 365 * 24 * 60 * 60
const PREFIX = '/files/'

/**
 * Stored photos and voice notes at /files/…: only names the server gave, served with their real
 * type (never as HTML or SVG) and nosniff; names are random and content never changes. A rejected
 * report's files answer 404 but to an administrator's signed link (files/media-access.ts).
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  const links = createMediaLinks(app.deps.config.jwtSecret)
  // Requests an administrator's link let through: their answer is kept by no cache at all.
  const grantedByLink = new WeakSet<object>()

  app.addHook('onRequest', async (request, reply) => {
    const [fileUrl = '', query = ''] = request.url.split('?', 2)
    if (!FILE_PATH_PATTERN.test(fileUrl.slice(PREFIX.length - 1))) return
    const db = app.deps.db.db
    if (!(await isRejectedReportFile(db, fileUrl))) return
    const token = new URLSearchParams(query).get('token') ?? undefined
    if (await mayFetchRejectedFile(db, links, { fileUrl, token, now: app.deps.clock.now() })) {
      grantedByLink.add(request)
      return
    }
    return reply.callNotFound()
  })

  await app.register(fastifyStatic, {
    root: app.deps.storage.root,
    prefix: PREFIX,
    decorateReply: false,
    index: false,
    serveDotFiles: false,
    allowedPath: (pathName) => FILE_PATH_PATTERN.test(pathName) && servedType(pathName) !== undefined,
    setHeaders(reply, filePath) {
      reply.header('content-type', servedType(filePath) ?? 'application/octet-stream')
      // Opened in the browser; saved under a name that says what it is.
      reply.header('content-disposition', create(downloadName(filePath), { type: 'inline' }))
      reply.header('x-content-type-options', 'nosniff')
      reply.header('content-security-policy', "default-src 'none'; sandbox")
      // A citizen's photo and voice note (a voice can identify a person) never rest in a shared
      // cache: once a report is rejected, nobody but an administrator gets its files.
      reply.header(
        'cache-control',
        grantedByLink.has(reply.request) ? 'private, no-store' : `private, max-age=${ONE_YEAR_S}, immutable`,
      )
    },
  })
}
