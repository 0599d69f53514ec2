import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  PUSH_CHANGES_PER_ADDRESS,
  PUSH_CHANGES_WINDOW_MS,
  type PushSubscriptionInput,
  pushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../../domain/push'
import { CITIZEN_TOKEN_HEADER } from '../../domain/report-filing'
import { currentMember, requireOrganization } from '../auth/guards'
import { currentDevice, requireDeviceToken } from '../citizens/device'
import { AppError } from '../errors'
import { limitPerAddress } from '../http/rate-limits'
import { isKnownPushService } from './push-services'
import { isP256Point } from './subscription-keys'
import { type PushOwner, removeSubscription, saveSubscription } from './subscriptions'

const deviceHeaders = z.looseObject({ [CITIZEN_TOKEN_HEADER]: z.string().optional() })

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db.db
  const changeLimit = limitPerAddress(PUSH_CHANGES_PER_ADDRESS, PUSH_CHANGES_WINDOW_MS, 'push.tooMany')

  async function subscribe(owner: PushOwner, subscription: PushSubscriptionInput) {
    if (!isKnownPushService(subscription.endpoint, app.deps.config.pushServiceOrigins)) {
      throw new AppError('invalid_input', { reason: 'push.unknownService', field: 'endpoint' })
    }
    if (!isP256Point(subscription.keys.p256dh)) {
      throw new AppError('invalid_input', { reason: 'push.invalidKey', field: 'keys.p256dh' })
    }
    await saveSubscription(db(), owner, subscription)
  }

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
      await subscribe({ deviceHash: currentDevice(request) }, request.body)
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
      await removeSubscription(db(), { deviceHash: currentDevice(request) }, request.body.endpoint)
      return reply.status(204).send()
    },
  )

  // The same for an organisation's member, whose phone is told of the reports handed to them.
  app.post(
    '/api/org/push',
    {
      config: changeLimit,
      onRequest: requireOrganization,
      schema: {
        tags: ['organization'],
        summary: 'Être prévenu sur ce téléphone des signalements qui vous sont confiés (Web Push)',
        body: pushSubscriptionSchema,
      },
    },
    async (request, reply) => {
      await subscribe({ memberId: currentMember(request).member.id }, request.body)
      return reply.status(201).send()
    },
  )

  app.delete(
    '/api/org/push',
    {
      config: changeLimit,
      onRequest: requireOrganization,
      schema: {
        tags: ['organization'],
        summary: 'Ne plus être prévenu sur ce téléphone',
        body: pushUnsubscribeSchema,
      },
    },
    async (request, reply) => {
      await removeSubscription(db(), { memberId: currentMember(request).member.id }, request.body.endpoint)
      return reply.status(204).send()
    },
  )
}
