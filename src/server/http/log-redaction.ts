import type { FastifyRequest } from 'fastify'

/**
 * Query parameters that carry a credential: the session token of the live events stream (an
 * EventSource cannot send a header), a device token, a signed export link, and an Open311 key
 * (GeoReport v2 clients are told to post it in the body, but older ones put it in the query).
 * Logs never show them; request bodies are never logged at all.
 */
const SECRET_QUERY_PARAMETERS = ['token', 'citizenToken', 'refreshToken', 'api_key']
const REDACTED = '[caché]'

export function redactUrl(url: string): string {
  const question = url.indexOf('?')
  if (question === -1) return url
  const params = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      let decoded = name
      try {
        decoded = decodeURIComponent(name)
      } catch {
        // a name that is not valid percent-encoding is logged as it came
      }
      return SECRET_QUERY_PARAMETERS.includes(decoded) ? `${name}=${REDACTED}` : pair
    })
  return `${url.slice(0, question)}?${params.join('&')}`
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
