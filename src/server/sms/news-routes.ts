import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CITIZEN_TOKEN_HEADER } from '../../domain/report-filing'
import { smsNewsConfirmSchema, smsNewsRequestSchema, smsNewsStatusSchema } from '../../domain/sms'
import { SMS_CONFIRMATION_CODES, SMS_CONFIRMATION_WINDOW_MS } from '../../domain/sms-rules'
import { currentDevice, requireDeviceToken } from '../citizens/device'
import { limitPerAddress } from '../http/rate-limits'
import type { SmsChannel } from './sms-channel'
import type { SmsNewsOptIn } from './sms-news-opt-in'

const deviceHeaders = z.looseObject({ [CITIZEN_TOKEN_HEADER]: z.string().optional() })
const tags = ['citizen']

/**
 * /api/citizen/sms-news: a web filer asks for its reports' news by SMS too (issue 31). Registered
 * only when the channel is on.
 */
export function smsNewsRoutes(optIn: SmsNewsOptIn, channel: SmsChannel): FastifyPluginAsyncZod {
  return async (app) => {
    // Each code is an SMS the platform pays for.
    const codeLimit = limitPerAddress(
      SMS_CONFIRMATION_CODES,
      SMS_CONFIRMATION_WINDOW_MS,
      'smsNews.tooManyCodes',
    )
    const response = { 200: smsNewsStatusSchema }

    app.get(
      '/api/citizen/sms-news',
      {
        onRequest: requireDeviceToken,
        schema: {
          tags,
          summary: 'Si les nouvelles de ses signalements vont aussi par SMS',
          headers: deviceHeaders,
          response,
        },
      },
      async (request) => ({ state: await optIn.state(currentDevice(request)) }),
    )

    app.post(
      '/api/citizen/sms-news',
      {
        config: codeLimit,
        onRequest: requireDeviceToken,
        schema: {
          tags,
          summary: 'Recevoir aussi par SMS les nouvelles de ses signalements : un code est envoyé au numéro',
          headers: deviceHeaders,
          body: smsNewsRequestSchema,
          response,
        },
      },
      async (request) => {
        const state = await optIn.request(currentDevice(request), request.body.phone, request.body.language)
        channel.wake()
        return { state }
      },
    )

    app.post(
      '/api/citizen/sms-news/confirm',
      {
        onRequest: requireDeviceToken,
        schema: {
          tags,
          summary: 'Confirmer le numéro avec le code reçu par SMS',
          headers: deviceHeaders,
          body: smsNewsConfirmSchema,
          response,
        },
      },
      async (request) => ({ state: await optIn.confirm(currentDevice(request), request.body.code) }),
    )

    app.delete(
      '/api/citizen/sms-news',
      {
        onRequest: requireDeviceToken,
        schema: { tags, summary: 'Ne plus recevoir les nouvelles par SMS', headers: deviceHeaders },
      },
      async (request, reply) => {
        await optIn.stop(currentDevice(request))
        return reply.status(204).send()
      },
    )
  }
}
