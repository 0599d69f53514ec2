import { parse, serialize } from 'cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE, WEB_SESSION_HEADER } from '../../domain/auth'

/**
 * The browser app's session cookie: its refresh token, HttpOnly (no script reads it),
 * SameSite=Strict (no other site's page sends it), Secure on an https site, for every path, so
 * that page requests carry it and the server renders the signed-in pages. The API itself never
 * takes it as authority: it keeps bearer tokens, and only the renewal and the logout read the
 * cookie, for a request with the web app's header.
 */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie
  return header ? parse(header)[SESSION_COOKIE] || undefined : undefined
}

/** Whether this request comes from the browser app, whose session lives in the cookie. */
export function isWebSession(request: FastifyRequest): boolean {
  return request.headers[WEB_SESSION_HEADER] === '1'
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.header(
    'set-cookie',
    serialize(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: '/',
      expires: expiresAt,
    }),
  )
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.header(
    'set-cookie',
    serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: 0 }),
  )
}
