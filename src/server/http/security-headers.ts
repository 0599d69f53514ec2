import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'
import { isApiPath, isPrivateApiPath } from './api-path'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The headers every answer to this address carries, whoever answers it: a route, the error
     * handler, or Fastify itself before routing (answerFrameworkError), which no hook sees.
     */
    answerHeadersOf(url: string): Record<string, string>
  }
}

/** The origin pattern of the tile server, for the CSP (a `{s}` subdomain becomes a wildcard). */
export function tileOrigin(tileUrl: string): string {
  const url = new URL(tileUrl.replaceAll('{s}', 'subdomain').replace(/\{[a-z]\}/g, '0'))
  const host = url.host.replace(/^subdomain\./, '*.')
  return `${url.protocol}//${host}`
}

/**
 * Security headers: for pages a CSP with no inline script but the hashed ones, nosniff, no
 * framing; for the API the few that data needs, and for its private areas `no-store`. Helmet
 * computes them once, at start-up, and every response gets the same set: @fastify/helmet would
 * build the helmet middleware again on every request (parsing the CSP each time, a sixth of the
 * CPU of a cached read). A route may still set its own Cache-Control (a file, a page).
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  tileUrl: string,
  scriptHashes: string[] = [],
) {
  const pageHeaders = securityHeaders(tileUrl, scriptHashes)
  const dataHeaders = apiSecurityHeaders(pageHeaders)
  const privateDataHeaders = { ...dataHeaders, 'cache-control': 'no-store' }
  const answerHeadersOf = (url: string) =>
    isPrivateApiPath(url) ? privateDataHeaders : isApiPath(url) ? dataHeaders : pageHeaders
  app.decorate('answerHeadersOf', answerHeadersOf)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(answerHeadersOf(request.url))
    done()
  })
}

/**
 * The API answers data, never a page: it needs no page policy, only what stops a browser from
 * sniffing it into something else, framing it or embedding it from another site (OWASP REST
 * Security Cheat Sheet). Half the bytes of the page headers, on the hottest responses.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'x-content-type-options',
    'x-frame-options',
    'strict-transport-security',
    'cross-origin-resource-policy',
    'referrer-policy',
  ]
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.flatMap((name) => (pageHeaders[name] ? [[name, pageHeaders[name]]] : []))),
  }
}

export function securityHeaders(tileUrl: string, scriptHashes: string[] = []): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The page's one inline script (the theme before the first paint) is allowed by its hash.
        scriptSrc: ["'self'", ...scriptHashes],
        // Leaflet positions tiles and markers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(tileUrl)],
        mediaSrc: ["'self'", 'blob:'],
        // The service worker fetches map tiles itself to keep them for offline use.
        connectSrc: ["'self'", tileOrigin(tileUrl)],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    // Map tiles come from another origin.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  // Nothing in these options depends on the request: a recording response collects the headers.
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  let finished = false
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
    finished = true
  })
  if (!finished) throw new Error('helmet did not set its headers synchronously')
  return headers
}
