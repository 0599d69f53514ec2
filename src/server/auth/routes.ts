import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  changePasswordSchema,
  loginSchema,
  refreshSchema,
  type Session,
  sessionSchema,
} from '../../domain/auth'
import { AppError } from '../errors'
import type { OpenedSession } from './auth-service'
import { confirmCurrentPassword } from './current-password'
import { bearerToken, currentPrincipal, requireSignedIn } from './guards'
import { loginLimitsOf } from './login-limits'
import { loginAccountKey } from './principals'
import { clearSessionCookie, isWebSession, sessionCookieOf, setSessionCookie } from './session-cookie'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginLimits = loginLimitsOf(app)
  // The cookie goes over https only when the site is served over https.
  const secure = app.deps.config.publicOrigin?.startsWith('https:') ?? false

  /**
   * The answer of an opened session: for the browser app, its refresh token goes into the
   * HttpOnly cookie and out of the answer; an API client gets it in the answer, as before.
   */
  function answer(request: FastifyRequest, reply: FastifyReply, opened: OpenedSession): Session {
    if (!isWebSession(request)) return opened.session
    setSessionCookie(reply, opened.session.refreshToken, opened.refreshExpiresAt, secure)
    const { refreshToken: _, ...session } = opened.session
    return session
  }

  /** The refresh token of a request: an API client's in the body, the browser app's in its cookie. */
  function refreshTokenOf(request: FastifyRequest, body: { refreshToken?: string }): string | undefined {
    return body.refreshToken ?? (isWebSession(request) ? sessionCookieOf(request) : undefined)
  }

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
    async (request, reply) => {
      const { body } = request
      const account = loginAccountKey(body.userType, body.userType === 'admin' ? body.username : body.email)
      await loginLimits.beforeCheck(request, account)
      try {
        const opened = await app.auth.login(body)
        loginLimits.recordSuccess(request, reply, account)
        return answer(request, reply, opened)
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_authenticated') {
          await loginLimits.recordFailure(request, account)
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
        summary: 'Renouveler la session (jeton dans le corps, ou cookie de session de l’application web)',
        body: refreshSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      const token = refreshTokenOf(request, request.body)
      if (!token) throw new AppError('not_authenticated')
      try {
        return answer(request, reply, await app.auth.refresh(token))
      } catch (error) {
        // A cookie that no longer opens a session is of no use to the browser.
        if (isWebSession(request)) clearSessionCookie(reply, secure)
        throw error
      }
    },
  )

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Déconnexion : la session du jeton de renouvellement, ou du jeton d’accès présenté, prend fin',
        body: refreshSchema,
      },
    },
    async (request, reply) => {
      // The session of the refresh token (body or cookie), and the one of the access token if one
      // is presented: both end now, their access tokens with them.
      const accessToken = bearerToken(request)
      const bearer = accessToken ? await app.auth.authenticate(accessToken) : null
      await app.auth.logout({
        refreshToken: refreshTokenOf(request, request.body),
        sessionId: bearer?.sessionId,
      })
      if (isWebSession(request)) clearSessionCookie(reply, secure)
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
    async (request, reply) => {
      await confirmCurrentPassword(request, reply, request.body.currentPassword)
      // The old cookie's session has ended with the others: the new one replaces it.
      return answer(
        request,
        reply,
        await app.auth.changePassword(currentPrincipal(request), request.body.newPassword),
      )
    },
  )
}
