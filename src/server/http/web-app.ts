import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'

const ONE_YEAR_S = 365 * 24 * 60 * 60
const ONE_DAY_S = 24 * 60 * 60
const INDEX_ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip']

export type IndexResponder = (reply: FastifyReply) => FastifyReply

/**
 * Serves the built web app: hashed assets precompressed (brotli, gzip) and cached for a year,
 * other public files for a day, and `index.html` (never cached) for every path the client-side
 * router owns. Returns null when the app has not been built (API-only tests).
 */
export async function installWebApp(
  app: FastifyInstance,
  options: { webDir: string; tileUrl: string },
): Promise<IndexResponder | null> {
  const indexFile = path.join(options.webDir, 'index.html')
  if (!existsSync(indexFile)) return null
  // The tile server is configured at run time; the page reads it from this meta tag.
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    '</head>',
    `<meta name="tile-url" content="${escapeAttribute(options.tileUrl)}"></head>`,
  )

  await app.register(fastifyStatic, {
    root: options.webDir,
    index: false,
    preCompressed: true,
    // The raw index.html lacks the run-time settings: it is only served through the fallback.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
      reply.header(
        'cache-control',
        hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : `public, max-age=${ONE_DAY_S}`,
      )
    },
  })

  // Compressed once here, like the assets at build time: it is the first thing every visit waits for.
  const compressed = { br: brotliCompressSync(indexHtml), gzip: gzipSync(indexHtml) }
  const sendIndex: IndexResponder = (reply) => {
    // Brotli first, as @fastify/static chooses for the assets.
    const encoding = negotiate(String(reply.request.headers['accept-encoding'] ?? ''), INDEX_ENCODINGS)
    reply.status(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding')
    reply.type('text/html; charset=utf-8')
    if (!encoding) return reply.send(indexHtml)
    return reply.header('content-encoding', encoding).send(compressed[encoding])
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply))
  return sendIndex
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
}
