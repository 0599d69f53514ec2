import type { FastifyError } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { SMS_WEBHOOK_MAX_BYTES, smsChannelStatusSchema, smsWebhookSchema } from '../../domain/sms'
import { requireAdmin } from '../auth/guards'
import { AppError } from '../errors'
import { jsonTextHasUnstorableText, withStorableText } from '../http/input-guard'
import type { NumberPrivacy } from './number-privacy'
import type { SmsChannel } from './sms-channel'
import { keepWebhook, webhookIsAuthentic } from './webhook'

/** The gateway's signature is of the body as sent: its bytes are read as they came, parsed after. */
const RAW_JSON = { parseAs: 'string' as const, bodyLimit: SMS_WEBHOOK_MAX_BYTES }

/**
 * POST /api/sms/webhook: the gateway's events, signed; GET /api/admin/sms: the channel's state for
 * the operator. Registered only when the channel is on (without it, both are the API's 404). Kept, then answered 200 at once; handled from the
 * table, by this instance at once or by any other's next round.
 */
export function smsRoutes(channel: SmsChannel, privacy: NumberPrivacy): FastifyPluginAsyncZod {
  return async (app) => {
    // In this plugin's scope only: the rest of the API keeps Fastify's JSON parser.
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', RAW_JSON, (_request, body, done) => done(null, body))
    // A body over this scope's own limit is told with that limit (the API's other JSON bodies have
    // theirs); any other error goes on to the app's handler.
    app.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError('body_too_large', { reason: 'sms.webhookTooLarge' })
      }
      throw error
    })
    app.get(
      '/api/admin/sms',
      {
        onRequest: requireAdmin,
        schema: {
          tags: ['admin'],
          summary:
            'Le canal SMS : passerelle joignable, dernier message reçu, SMS en attente, échecs du jour',
          response: { 200: smsChannelStatusSchema },
        },
      },
      () => channel.status(app.deps.clock.now()),
    )
    app.post(
      '/api/sms/webhook',
      {
        schema: {
          tags: ['sms'],
          summary: 'Les événements de la passerelle SMS (signés : X-Timestamp, X-Signature)',
        },
      },
      async (request, reply) => {
        const { webhookSecret } = app.deps.config.sms ?? {}
        const body = typeof request.body === 'string' ? request.body : ''
        const header = (name: string) => {
          const value = request.headers[name]
          return Array.isArray(value) ? value[0] : value
        }
        const authentic =
          webhookSecret !== undefined &&
          webhookIsAuthentic(
            webhookSecret,
            { body, timestamp: header('x-timestamp'), signature: header('x-signature') },
            app.deps.clock.now(),
          )
        if (!authentic) throw new AppError('not_authenticated', { reason: 'sms.badSignature' })
        let parsed: unknown
        try {
          parsed = JSON.parse(body)
        } catch {
          parsed = null
        }
        // Taken whatever it holds: text the database cannot store (a NUL) is dropped here, where
        // the other routes refuse it, since a refused webhook is sent again for two days and the
        // citizen's message is never handled.
        if (jsonTextHasUnstorableText(body)) parsed = withStorableText(parsed)
        const hook = smsWebhookSchema.safeParse(parsed)
        if (!hook.success) throw new AppError('invalid_input', { reason: 'sms.unreadableWebhook' })
        await keepWebhook(app.deps.db.db, privacy, hook.data, app.deps.clock.now())
        channel.wake()
        return reply.status(200).send({ received: true })
      },
    )
  }
}
