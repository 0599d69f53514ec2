import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { changePasswordSchema, loginSchema, refreshSchema, sessionSchema } from '../../domain/auth'
import { AppError } from '../errors'
import { currentPrincipal, requireSignedIn } from './guards'
import { createLoginLimits } from './login-limits'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginLimits = createLoginLimits(app)

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Connexion (super administrateur par identifiant, organisation par email)',
        body: loginSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request) => {
      await loginLimits.check(request)
      try {
        return await app.auth.login(request.body)
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_authenticated') {
          await loginLimits.recordFailure(request)
        }
        throw error
      }
    },
  )

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Renouveler la session',
        body: refreshSchema,
        response: { 200: sessionSchema },
      },
    },
    (request) => app.auth.refresh(request.body.refreshToken),
  )

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'Déconnexion', body: refreshSchema } },
    async (request, reply) => {
      await app.auth.logout(request.body.refreshToken)
      return reply.status(204).send()
    },
  )

  app.post(
    '/api/auth/password',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['auth'],
        summary: 'Changer son mot de passe (met fin aux autres sessions)',
        body: changePasswordSchema,
        response: { 200: sessionSchema },
      },
    },
    (request) =>
      app.auth.changePassword(
        currentPrincipal(request),
        request.body.currentPassword,
        request.body.newPassword,
      ),
  )
}
