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

/**
 * What of an error never reaches the log: a failed query's values. drizzle keeps them in `params`
 * and writes them into its message ("Failed query: …\nparams: …"), PGlite in `params` and
 * `queryOptions`, and PostgreSQL's `detail` quotes them ("Failing row contains (…)", "Key (…)=(…)"):
 * a citizen's message, a number's hash and its encrypted copy, an e-mail address.
 */
const QUERY_VALUES = new Set(['params', 'queryOptions', 'detail'])
/** Causes followed at most this deep (a chain can loop). */
const MAX_CAUSES = 10

type ErrorWithFields = Error & { params?: unknown; cause?: unknown }

/** An error as the log writes it. */
interface SerializedError {
  [field: string]: unknown
  type: string
  message: string
  stack: string
}

/** The error and its causes, outermost first. */
function causeChain(error: Error): ErrorWithFields[] {
  const chain: ErrorWithFields[] = [error]
  for (let cause = error.cause; cause instanceof Error && chain.length < MAX_CAUSES; cause = cause.cause) {
    if (chain.includes(cause)) break
    chain.push(cause)
  }
  return chain
}

/**
 * The log's serializer of errors (`err`), as pino's own (type, message and stack with their
 * causes', the error's own fields) but without the values of a query that failed, whichever
 * line logs it: the error handler's 5xx, a background round's failure.
 */
export function serializeError(error: Error): SerializedError {
  // Whatever was logged as an error, even a thrown string.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' }
  const chain = causeChain(error)
  const valuesInMessages = chain.flatMap((link) =>
    Array.isArray(link.params) ? [`\nparams: ${link.params}`] : [],
  )
  const withoutValues = (text: string) =>
    valuesInMessages.reduce((cleaned, values) => cleaned.replaceAll(values, ''), text)
  const fields = Object.entries(error).flatMap(([key, value]) =>
    QUERY_VALUES.has(key) || key === 'cause'
      ? []
      : [[key, value instanceof Error ? serializeError(value) : value]],
  )
  return {
    type: error.constructor.name,
    message: withoutValues(chain.map((link) => link.message).join(': ')),
    stack: withoutValues(chain.map((link) => link.stack ?? '').join('\ncaused by: ')),
    ...(error instanceof AggregateError ? { aggregateErrors: error.errors.map(serializeError) } : {}),
    ...Object.fromEntries(fields),
  }
}
