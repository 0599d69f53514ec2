import fastifyStatic from '@fastify/static'
import { create } from 'content-disposition'
import type { FastifyPluginAsync } from 'fastify'
import { downloadName, servedType } from '../media/media-types'
import { FILE_PATH_PATTERN } from '../storage/file-storage'

const ONE_YEAR_S = 365 * 24 * 60 * 60

/**
 * Stored photos and voice notes at /files/…: only names the server gave, served with their real
 * type (never as HTML or SVG) and nosniff; names are random and content never changes.
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyStatic, {
    root: app.deps.storage.root,
    prefix: '/files/',
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
      reply.header('cache-control', `public, max-age=${ONE_YEAR_S}, immutable`)
    },
  })
}
