// The browser app's session: its refresh token lives in an HttpOnly cookie, never in the page's
// storage; the API keeps bearer tokens and takes no authority from the cookie.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE, WEB_SESSION_HEADER } from '../../domain/auth-rules'
import { createOrganization, ORG_PASSWORD, sessionCookieSet, webLogin } from '../test/accounts'
import { buildTestApp, TEST_ADMIN, type TestContext } from '../test/helper'

const WEB = { [WEB_SESSION_HEADER]: '1' }

let ctx: TestContext
let email: string
beforeAll(async () => {
  ctx = await buildTestApp()
  email = (await createOrganization(ctx.db.db)).email
})
afterAll(() => ctx.close())

const asCookie = (value: string) => ({ cookie: `${SESSION_COOKIE}=${value}` })

function webLoginAs(app: FastifyInstance, password = ORG_PASSWORD) {
  return webLogin(app, { userType: 'organization', email, password })
}

/** The renewal as the browser app asks it: the cookie, the app's header, an empty body. */
function renew(cookie: string, headers: Record<string, string> = WEB) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { ...headers, ...asCookie(cookie) },
    payload: {},
  })
}

describe('the browser app’s login', () => {
  it('puts the refresh token in an HttpOnly, SameSite=Strict cookie for every path, not in the answer', async () => {
    const res = await webLoginAs(ctx.app)
    expect(res.statusCode).toBe(200)
    expect(res.json()).not.toHaveProperty('refreshToken')
    expect(res.json()).toMatchObject({ userType: 'organization', token: expect.any(String) })
    const cookie = sessionCookieSet(res)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'strict', path: '/' })
    expect(cookie.value).toMatch(/.{32,}/)
    // Served over http here: a Secure cookie would never come back.
    expect(cookie.secure).toBeFalsy()
    // It lasts as long as the refresh token it holds.
    expect(cookie.expires?.getTime()).toBeGreaterThan(Date.now() + 24 * 60 * 60 * 1000)
  })

  it('is Secure when the site is served over https', async () => {
    const https = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://alertes.example.sn' } })
    try {
      await createOrganization(https.db.db, { email: 'https@example.sn' })
      const res = await webLogin(https.app, {
        userType: 'organization',
        email: 'https@example.sn',
        password: ORG_PASSWORD,
      })
      expect(sessionCookieSet(res).secure).toBe(true)
    } finally {
      await https.close()
    }
  })

  it('gives an API client its refresh token in the answer, and no cookie', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userType: 'admin', ...TEST_ADMIN },
    })
    expect(res.json().refreshToken).toEqual(expect.any(String))
    expect(res.headers['set-cookie']).toBeUndefined()
  })
})

describe('the cookie', () => {
  it('renews the session for the app (its header required), and the spent cookie no longer does', async () => {
    const first = sessionCookieSet(await webLoginAs(ctx.app)).value ?? ''
    // Without the app's header (a form posted by another site cannot add one), no renewal.
    expect((await renew(first, {})).statusCode).toBe(401)
    const renewed = await renew(first)
    expect(renewed.statusCode).toBe(200)
    expect(renewed.json()).not.toHaveProperty('refreshToken')
    const second = sessionCookieSet(renewed).value ?? ''
    expect(second).not.toBe(first)
    // Used twice: stolen. The whole family ends, and the browser is told to forget the cookie.
    const replayed = await renew(first)
    expect(replayed.statusCode).toBe(401)
    expect(sessionCookieSet(replayed)).toMatchObject({ value: '' })
    expect((await renew(second)).statusCode).toBe(401)
  })

  it('is no authority on the API: only a bearer token is', async () => {
    const login = await webLoginAs(ctx.app)
    const cookie = sessionCookieSet(login).value ?? ''
    const withCookie = await ctx.app.inject({ url: '/api/org/me', headers: { ...WEB, ...asCookie(cookie) } })
    expect(withCookie.statusCode).toBe(401)
    const withToken = await ctx.app.inject({
      url: '/api/org/me',
      headers: { authorization: `Bearer ${login.json().token}` },
    })
    expect(withToken.statusCode).toBe(200)
  })

  it('is cleared by the logout, which ends its session and the access token of that session at once', async () => {
    const login = await webLoginAs(ctx.app)
    const cookie = sessionCookieSet(login).value ?? ''
    const me = () =>
      ctx.app.inject({ url: '/api/org/me', headers: { authorization: `Bearer ${login.json().token}` } })
    expect((await me()).statusCode).toBe(200)
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...WEB, ...asCookie(cookie) },
      payload: {},
    })
    expect(logout.statusCode).toBe(204)
    const cleared = sessionCookieSet(logout)
    expect(cleared.value).toBe('')
    expect(cleared.maxAge).toBe(0)
    expect((await renew(cookie)).statusCode).toBe(401)
    // The app forgets its access token at logout; a copy of it is refused from now on.
    expect((await me()).statusCode).toBe(401)
  })

  it('is replaced by the password change, which ends the sessions opened before it', async () => {
    const login = await webLoginAs(ctx.app)
    const before = sessionCookieSet(login).value ?? ''
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { ...WEB, authorization: `Bearer ${login.json().token}` },
      payload: { currentPassword: ORG_PASSWORD, newPassword: 'nouveau-mot-2' },
    })
    expect(change.statusCode).toBe(200)
    const after = sessionCookieSet(change).value ?? ''
    expect(after).not.toBe(before)
    expect((await renew(before)).statusCode).toBe(401)
    expect((await renew(after)).statusCode).toBe(200)
    // Back to the password the other tests use.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${(await webLoginAs(ctx.app, 'nouveau-mot-2')).json().token}` },
      payload: { currentPassword: 'nouveau-mot-2', newPassword: ORG_PASSWORD },
    })
  })
})
