import type { QueryClient } from '@tanstack/react-query'
import { WEB_SESSION_HEADER } from '../../domain/constants'
import type { ApiErrorBody } from '../../domain/errors'
import { i18next } from '../i18n'

/**
 * Any failure of an API call: the server's stable code and French message, the HTTP status (0
 * offline), the field at fault, and the reason of the message (its key among the domain's
 * messages, by which a screen translates it: i18n/reason-text.ts) when it gave one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly field?: string,
    readonly reason?: string,
  ) {
    super(message)
  }

  /**
   * The error of a JSON error body (`{error: {code, message, field?, reason?}}`). Its reason is
   * kept as a string: a server newer than this page may send one no catalogue here knows.
   */
  static fromBody({ error }: ApiErrorBody, status: number): ApiError {
    const reason: unknown = error.reason
    return new ApiError(
      error.code,
      error.message,
      status,
      error.field,
      typeof reason === 'string' ? reason : undefined,
    )
  }
}

/**
 * An answer the app expects and shows for what it is, not a failure of the app: a refusal (4xx:
 * wrong password, not found, too many requests…) or a service the server says it does not offer
 * now (503 `unavailable`: geocoding turned off or not answering; the server logs its own failures).
 */
export function isExpectedAnswer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return (error.status >= 400 && error.status < 500) || error.code === 'unavailable'
}

/**
 * Logs a failed call in the browser's console: a real failure (offline, a server error, a broken
 * answer) as an error, an expected answer at debug level only, so that the console's errors are
 * the ones worth a look.
 */
export function logApiFailure(what: string, error: unknown, ...details: unknown[]) {
  if (isExpectedAnswer(error)) console.debug(what, ...details, error)
  else console.error(what, ...details, error)
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** Sent as JSON. */
  json?: unknown
  /** Sent as multipart/form-data (a photo), the browser writing its boundary. */
  form?: FormData
  /** The query client asking (a query's context): on the server, it says how to reach the API. */
  client?: QueryClient
}

/**
 * How the queries of one server render of a page reach the API, which answers them
 * itself, as the visitor of that page request: given to that page's own query client, so that no
 * request's session is ever seen by another's queries.
 */
export interface ApiTransport {
  /** A request to the API, as the page request's visitor (the server adds who that is). */
  fetch(path: string, init: RequestInit): Promise<Response>
}

const transports = new WeakMap<QueryClient, ApiTransport>()

export function setApiTransport(client: QueryClient, transport: ApiTransport) {
  transports.set(client, transport)
}

/** The transport of this query client, when the server gave it one. */
export function apiTransportOf(client: QueryClient | undefined): ApiTransport | undefined {
  return client ? transports.get(client) : undefined
}

/**
 * Calls the API on the same origin. The server validates every response against the domain
 * schema before sending it, so the body is typed with it here without shipping zod to the
 * first page (DESIGN.md section 1: small pages).
 */
export async function apiRequest<T>(
  path: string,
  { json, form, headers, client, ...init }: RequestOptions = {},
): Promise<T> {
  const requestHeaders = new Headers(headers)
  requestHeaders.set('accept', 'application/json')
  if (json !== undefined) requestHeaders.set('content-type', 'application/json')

  const transport = apiTransportOf(client)
  // The browser app's requests: its session's refresh token is in the cookie (auth-rules.ts).
  if (!transport) requestHeaders.set(WEB_SESSION_HEADER, '1')
  const send = transport?.fetch ?? fetch
  let response: Response
  try {
    response = await send(path, {
      ...init,
      headers: requestHeaders,
      body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError('network_error', i18next.t('api.network'), 0)
  }

  const body: unknown = await readJson(response)
  if (!response.ok) {
    if (isErrorBody(body)) throw ApiError.fromBody(body, response.status)
    throw new ApiError('http_error', i18next.t('api.unexpected'), response.status)
  }
  return body as T
}

export function apiGet<T>(path: string, init?: RequestOptions) {
  return apiRequest<T>(path, { ...init, method: 'GET' })
}

/** A body of the API's error shape, from our server (a proxy's error page has none). */
export function isErrorBody(body: unknown): body is ApiErrorBody {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error
  return typeof error?.code === 'string' && typeof error.message === 'string'
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
