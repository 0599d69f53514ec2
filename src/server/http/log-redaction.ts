import type { FastifyRequest } from 'fastify'

/**
 * Query parameters that carry a credential: the one-time ticket of a live events stream (an
 * EventSource cannot send a header), the session or device token that apps from before tickets
 * still send there (refused), a signed export link, and an Open311 key
 * (GeoReport v2 clients are told to post it in the body, but older ones put it in the query).
 * And a report's anonymous code (the /suivi page's `code`): beside the address that asked for it,
 * it would tell who filed or follows which report. Logs never show them; request bodies are never
 * logged at all.
 */
const SECRET_QUERY_PARAMETERS = ['ticket', 'token', 'citizenToken', 'refreshToken', 'api_key', 'code']
/**
 * Paths that carry a secret, written as in the route table: a report's anonymous code, and the
 * one-time token of a member's invitation (its API and its page). The segments of `:code` and
 * `:token` are hidden (a test goes through the route table, so that a new one is not forgotten).
 */
const SECRET_PATHS = [
  '/api/reports/track/:code',
  '/api/org/invitations/:token',
  '/organization/invitation/:token',
].map((route) => route.split('/'))
const SECRET_SEGMENTS = [':code', ':token']
const REDACTED = '[caché]'

function decoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    // not valid percent-encoding: compared as it came
    return text
  }
}

/** The path with its secret segment hidden, matched as the router matches it (decoded). */
function redactPath(path: string): string {
  const segments = path.split('/')
  for (const route of SECRET_PATHS) {
    const matches =
      segments.length >= route.length &&
      route.every((part, i) => part.startsWith(':') || part === decoded(segments[i] ?? ''))
    if (matches) {
      return segments
        .map((segment, i) => (SECRET_SEGMENTS.includes(route[i] ?? '') ? REDACTED : segment))
        .join('/')
    }
  }
  return path
}

export function redactUrl(url: string): string {
  const question = url.indexOf('?')
  const path = redactPath(question === -1 ? url : url.slice(0, question))
  if (question === -1) return path
  const params = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      return SECRET_QUERY_PARAMETERS.includes(decoded(name)) ? `${name}=${REDACTED}` : pair
    })
  return `${path}?${params.join('&')}`
}

/** Fastify's request serializer, with the secrets of the query hidden (headers are never logged). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
