import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { categoriesSchema } from '../../domain/category'
import { listCategories } from './repository'

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/categories',
    {
      schema: { tags: ['public'], summary: 'Catégories de signalement', response: { 200: categoriesSchema } },
    },
    () => listCategories(app.deps.db.db),
  )
}
