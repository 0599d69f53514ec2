import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { driverFailure, isDatabaseUnavailable } from '../db/unavailable'
import { AppError } from '../errors'
import { isApiPath } from './api-path'
import { invalidInput } from './validation'
import { type IndexResponder, isBuildInternalPath } from './web-app'

/**
 * The one place that turns a failure into an answer. Bad input is never a 500, and a 5xx body
 * never shows internals (they go to the log only). Only real failures are logged as errors: a
 * refusal (4xx) or a service turned off on purpose is not one.
 */
export function installErrorHandlers(app: FastifyInstance, sendIndex: IndexResponder | null) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const appError = toAppError(error)
    if (appError.code === 'database_unavailable') {
      // An outage, not a bug: one line per request, without the stack.
      request.log.warn(driverFailure(error), 'database unavailable')
    } else if (appError.expected) {
      // Answered on purpose (a service turned off): the request's own line says it, at info.
      request.log.debug({ code: appError.code, reason: appError.reason }, 'refused as configured')
    } else if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed')
    }
    return reply.status(appError.statusCode).send(appError.toBody())
  })

  app.setNotFoundHandler((request, reply) => {
    const ownedByWebApp =
      sendIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !request.url.startsWith('/files/') &&
      !isBuildInternalPath(request.url)
    // The client-side router answers every other page, its not-found page included.
    if (ownedByWebApp) return sendIndex(reply)
    return reply.status(404).send(new AppError('route_not_found').toBody())
  })
}

/**
 * Errors Fastify answers before any route runs (a path that is not valid percent-encoding, a
 * path parameter longer than the router takes): the same JSON error as every other answer, with
 * the same headers (no hook runs for them: a CSP, nosniff and no-store were missing).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('invalid_input', { status: 414 })
      : new AppError('invalid_input')
  return reply
    .headers(reply.server.answerHeadersOf(request.url))
    .status(appError.statusCode)
    .send(appError.toBody())
}

function toAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error
  // The database is down or restarting: the request may be tried again in a moment.
  if (isDatabaseUnavailable(error)) return new AppError('database_unavailable')
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0]
    const path = first?.instancePath.split('/').filter(Boolean) ?? []
    return invalidInput(first ? { message: first.message ?? '', path } : undefined)
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_json')
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // A JSON body (files come in multipart, with their own limits below).
      return new AppError('body_too_large')
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large')
    // Too many files, fields or parts: not a size, whose message ("10 Mo") would mislead.
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('invalid_input')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type')
    case 'FST_ERR_RATE_LIMIT':
      return new AppError('too_many_requests')
  }
  const status = error.statusCode ?? 500
  if (status === 429) return new AppError('too_many_requests')
  if (status === 413) return new AppError('payload_too_large')
  if (status === 415) return new AppError('unsupported_media_type')
  if (status === 404) return new AppError('not_found')
  if (status === 403) return new AppError('forbidden')
  if (status >= 400 && status < 500) return new AppError('invalid_input', { status })
  return new AppError('internal')
}
