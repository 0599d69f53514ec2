import type { ApiErrorBody } from '../../domain/errors'
import { i18next } from '../i18n'
import { takeEarlyRead } from './early-read'

/** Any failure of an API call: the server's stable code and French message, and the HTTP status (0 offline). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message)
  }
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** Sent as JSON. */
  json?: unknown
}

/**
 * Calls the API on the same origin. The server validates every response against the domain
 * schema before sending it, so the body is typed with it here without shipping zod to the
 * first page (DESIGN.md section 1: small pages).
 */
export async function apiRequest<T>(
  path: string,
  { json, headers, ...init }: RequestOptions = {},
): Promise<T> {
  const requestHeaders = new Headers(headers)
  requestHeaders.set('accept', 'application/json')
  if (json !== undefined) requestHeaders.set('content-type', 'application/json')

  const isRead = (init.method ?? 'GET').toUpperCase() === 'GET' && json === undefined
  let response: Response
  try {
    response = await ((isRead && takeEarlyRead(path, requestHeaders.get('authorization'))) ||
      fetch(path, {
        ...init,
        headers: requestHeaders,
        body: json === undefined ? undefined : JSON.stringify(json),
      }))
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError('network_error', i18next.t('api.network'), 0)
  }

  const body: unknown = await readJson(response)
  if (!response.ok) {
    if (isErrorBody(body)) {
      const { code, message, field } = body.error
      throw new ApiError(code, message, response.status, field)
    }
    throw new ApiError('http_error', i18next.t('api.unexpected'), response.status)
  }
  return body as T
}

export function apiGet<T>(path: string, init?: RequestOptions) {
  return apiRequest<T>(path, { ...init, method: 'GET' })
}

function isErrorBody(body: unknown): body is ApiErrorBody {
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
