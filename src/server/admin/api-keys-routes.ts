import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiKeySchema, apiKeysSchema, createApiKeySchema, createdApiKeySchema } from '../../domain/api-keys'
import { currentAdmin, requireAdmin } from '../auth/guards'
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys-repository'

/** The back-office's API keys for Open311 clients: listed, created (shown once), revoked. */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin)
  const tags = ['admin']
  const db = () => app.deps.db.db

  app.get(
    '/api/admin/api-keys',
    { schema: { tags, summary: 'Clés API Open311', response: { 200: apiKeysSchema } } },
    async () => ({ items: await listApiKeys(db()) }),
  )

  app.post(
    '/api/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Créer une clé API Open311 (la clé n’est montrée qu’une fois)',
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) => {
      const admin = currentAdmin(request)
      const created = await createApiKey(db(), {
        name: request.body.name,
        adminId: admin.id,
        now: app.deps.clock.now(),
      })
      return reply.status(201).header('cache-control', 'no-store').send(created)
    },
  )

  app.delete(
    '/api/admin/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Révoquer une clé API Open311',
        params: z.object({ id: z.uuid() }),
        response: { 200: apiKeySchema },
      },
    },
    (request) => revokeApiKey(db(), request.params.id, app.deps.clock.now()),
  )
}
