import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** The OpenAPI document, generated from the zod schemas that validate the routes. */
export async function installOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Alertes urbaines — API',
        description: 'API de la plateforme de signalement des problèmes urbains du département de Dakar.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  })
}

export function registerOpenApiRoute(app: FastifyInstance) {
  app.get('/api/docs', { schema: { hide: true } }, () => app.swagger())
}
