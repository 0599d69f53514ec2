import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  OPEN311_BASE_PATH,
  OPEN311_MESSAGES,
  OPEN311_SERVICE_NOTICE,
  type Open311Request,
  open311CreatedSchema,
  open311NewRequestQuerySchema,
  open311NewRequestSchema,
  open311RequestSchema,
  open311RequestsQuerySchema,
  open311RequestsSchema,
  open311ServicesSchema,
} from '../../domain/open311'
import { acceptApiKey } from '../admin/api-keys-repository'
import { AppError } from '../errors'
import { refuseUnstorableUrlEncoded } from '../http/input-guard'
import { limitPerAddress } from '../http/rate-limits'
import { siteOrigin } from '../http/site-origin'
import { open311Request, open311Requests, open311Services, serviceExists } from './repository'

/** Reports filed through Open311 from one address within an hour (a partner's server). */
const OPEN311_POSTS_PER_ADDRESS = 300
const HOUR_MS = 60 * 60 * 1000

/** GeoReport v2 errors: the HTTP status and a list of `{code, description}`. */
function sendErrors(reply: FastifyReply, status: number, description: string) {
  return reply.status(status).send([{ code: status, description }])
}

/**
 * Open311 GeoReport v2 under /open311/v2, in JSON: services (the categories), service requests
 * (the public fields of reports), and new requests from applications holding an API key that
 * an administrator issued. Its errors take the standard's shape, not the platform API's.
 */
export const open311Routes: FastifyPluginAsyncZod = async (parent) => {
  await parent.register(open311Endpoint, { prefix: OPEN311_BASE_PATH })
}

const open311Endpoint: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db.db
  const tags = ['open311']

  // The standard posts HTML-form-encoded parameters; JSON is taken too.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const raw = String(body)
      const fields = Object.fromEntries(new URLSearchParams(raw))
      try {
        refuseUnstorableUrlEncoded(raw, fields)
        done(null, fields)
      } catch (error) {
        done(error as Error, undefined)
      }
    },
  )

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendErrors(reply, error.statusCode, error.message)
    if (hasZodFastifySchemaValidationErrors(error))
      return sendErrors(reply, 400, OPEN311_MESSAGES.invalidInput)
    const status = error.statusCode ?? 500
    if (status === 429) return sendErrors(reply, 429, OPEN311_MESSAGES.tooManyRequests)
    if (status >= 400 && status < 500) return sendErrors(reply, status, OPEN311_MESSAGES.invalidInput)
    request.log.error({ err: error }, 'open311 request failed')
    return sendErrors(reply, 500, OPEN311_MESSAGES.internal)
  })
  app.setNotFoundHandler((_request, reply) => sendErrors(reply, 404, OPEN311_MESSAGES.notFound))

  app.get(
    '/services.json',
    {
      schema: {
        tags,
        summary: 'GeoReport v2 : les services (catégories)',
        querystring: z.object({ jurisdiction_id: z.string().max(100).optional() }),
        response: { 200: open311ServicesSchema },
      },
    },
    () => open311Services(db()),
  )

  app.get(
    '/requests.json',
    {
      schema: {
        tags,
        summary: 'GeoReport v2 : les demandes (signalements publics)',
        querystring: open311RequestsQuerySchema,
        response: { 200: open311RequestsSchema },
      },
    },
    async (request) =>
      withAbsoluteMediaUrls(request, await open311Requests(db(), request.query, app.deps.clock.now())),
  )

  app.get(
    '/requests/:id.json',
    {
      schema: {
        tags,
        summary: 'GeoReport v2 : une demande',
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ jurisdiction_id: z.string().max(100).optional() }),
        response: { 200: z.array(open311RequestSchema) },
      },
    },
    async (request) => {
      const parsed = z.uuid().safeParse(request.params.id)
      const found = parsed.success ? await open311Request(db(), parsed.data) : undefined
      if (!found) throw new AppError('not_found', { reason: 'open311.unknownRequest' })
      // The standard answers a list, even for one request.
      return withAbsoluteMediaUrls(request, [found])
    },
  )

  app.post(
    '/requests.json',
    {
      config: limitPerAddress(OPEN311_POSTS_PER_ADDRESS, HOUR_MS, 'open311.tooManyRequests'),
      // The key comes in the body (as GeoReport v2 has it) or the query: it is checked once the
      // body is read, before it is validated, so that a caller without a key learns no field.
      async preValidation(request) {
        const body = request.body as { api_key?: unknown } | undefined
        const query = request.query as { api_key?: unknown }
        const key = body?.api_key ?? query.api_key
        if (typeof key !== 'string' || !(await acceptApiKey(db(), key, app.deps.clock.now()))) {
          throw new AppError('forbidden', { reason: 'open311.invalidApiKey' })
        }
      },
      schema: {
        tags,
        summary: 'GeoReport v2 : déposer une demande (clé API obligatoire)',
        querystring: open311NewRequestQuerySchema,
        body: open311NewRequestSchema,
        response: { 201: open311CreatedSchema },
      },
    },
    async (request, reply) => {
      const { service_code, lat, long, address_string, description } = request.body
      if (!(await serviceExists(db(), service_code))) {
        throw new AppError('invalid_input', { reason: 'open311.unknownService' })
      }
      const created = await app.lifecycle.file({
        fields: {
          categoryId: Number(service_code),
          description,
          address: address_string,
          latitude: lat,
          longitude: long,
        },
        photo: undefined,
        audio: undefined,
        citizenToken: undefined,
        idempotencyKey: undefined,
        source: 'open311',
      })
      return reply
        .status(201)
        .send([{ service_request_id: created.id, service_notice: OPEN311_SERVICE_NOTICE, account_id: null }])
    },
  )
}

/** A request's media_url is a whole address (the photo of the fix), as GeoReport v2 has it. */
function withAbsoluteMediaUrls(request: FastifyRequest, requests: Open311Request[]): Open311Request[] {
  const origin = siteOrigin(request)
  return requests.map((found) => ({
    ...found,
    media_url: found.media_url && new URL(found.media_url, origin).href,
  }))
}
