import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  PUSH_CHANGES_PER_ADDRESS,
  PUSH_CHANGES_WINDOW_MS,
  pushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../../domain/push'
import { CITIZEN_TOKEN_HEADER } from '../../domain/report-filing'
import { currentDevice, requireDeviceToken } from '../citizens/device'
import { AppError } from '../errors'
import { limitPerAddress } from '../http/rate-limits'
import { isKnownPushService } from './push-services'
import { removeSubscription, saveSubscription } from './subscriptions'

const deviceHeaders = z.looseObject({ [CITIZEN_TOKEN_HEADER]: z.string().optional() })

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db.db
  const changeLimit = limitPerAddress(PUSH_CHANGES_PER_ADDRESS, PUSH_CHANGES_WINDOW_MS, 'push.tooMany')

  app.get(
    '/api/push/key',
    {
      schema: {
        tags: ['citizen'],
        summary: 'La clé publique VAPID du serveur, pour s’abonner aux notifications',
        response: { 200: pushKeySchema },
      },
    },
    () => ({ publicKey: app.push.publicKey }),
  )

  app.post(
    '/api/citizen/push',
    {
      config: changeLimit,
      onRequest: requireDeviceToken,
      schema: {
        tags: ['citizen'],
        summary: 'Recevoir sur cet appareil les nouvelles de ses signalements (Web Push)',
        headers: deviceHeaders,
        body: pushSubscriptionSchema,
      },
    },
    async (request, reply) => {
      if (!isKnownPushService(request.body.endpoint, app.deps.config.pushServiceOrigins)) {
        throw new AppError('invalid_input', { reason: 'push.unknownService', field: 'endpoint' })
      }
      await saveSubscription(db(), currentDevice(request), request.body)
      return reply.status(201).send()
    },
  )

  app.delete(
    '/api/citizen/push',
    {
      config: changeLimit,
      onRequest: requireDeviceToken,
      schema: {
        tags: ['citizen'],
        summary: 'Ne plus recevoir de notifications sur cet appareil',
        headers: deviceHeaders,
        body: pushUnsubscribeSchema,
      },
    },
    async (request, reply) => {
      await removeSubscription(db(), currentDevice(request), request.body.endpoint)
      return reply.status(204).send()
    },
  )
}
