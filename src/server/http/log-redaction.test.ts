import { Writable } from 'node:stream'
import { DrizzleQueryError } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createOrganization, loginAdmin, loginOrganization, ORG_PASSWORD } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'
import { redactUrl, serializeError } from './log-redaction'

const lines: string[] = []
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk))
    done()
  },
})

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ logStream, env: { LOG_LEVEL: 'info' } })
})
afterAll(() => ctx.close())

describe('logs', () => {
  it('never contain a password, a session token, a refresh token or a device token', async () => {
    const org = await createOrganization(ctx.db.db)
    const session = await loginOrganization(ctx.app, org.email)
    const filed = await fileReportAs(ctx.app)
    await ctx.app.inject({ url: '/api/org/me', headers: bearer(session) })
    await ctx.app.inject({ url: '/api/citizen/reports', headers: { 'x-citizen-token': filed.citizenToken } })
    // Tokens that travel in the query: those an app from before tickets sends to the live events
    // stream (refused) and a signed export link.
    await ctx.app.inject(`/api/events?token=${session.token}x`)
    await ctx.app.inject(`/api/events?citizenToken=${filed.citizenToken}x`)
    await ctx.app.inject(`/api/admin/reports/export-download?token=${session.refreshToken}`)
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    })

    const log = lines.join('')
    expect(log).toContain('/api/events?token=[caché]')
    expect(log).toContain('/api/org/me')
    for (const secret of [ORG_PASSWORD, session.token, session.refreshToken, filed.citizenToken]) {
      expect(log).not.toContain(secret)
    }
  })
})

describe('logs of code lookups', () => {
  it('never pair a report’s anonymous code with the address that asked for it', async () => {
    const filed = await fileReportAs(ctx.app)
    const code = filed.anonymous_code
    const address = '198.51.100.23'
    const asked = [
      await ctx.app.inject({ url: `/api/reports/track/${code}`, remoteAddress: address }),
      await ctx.app.inject({ url: `/api/reports/track/${code.toLowerCase()}`, remoteAddress: address }),
      // The page that shows it (rendered by the browser here: no web build in this test).
      await ctx.app.inject({ url: `/suivi?code=${code}&lang=fr`, remoteAddress: address }),
    ]
    expect(asked[0]?.statusCode).toBe(200)

    const log = lines.join('')
    expect(log).toContain(address)
    expect(log).toContain('/api/reports/track/[caché]')
    expect(log).toContain('/suivi?code=[caché]&lang=fr')
    expect(log).not.toContain(code)
    expect(log).not.toContain(code.toLowerCase())
  })

  it('hides the code of every route of the route table that carries one in its path or its query', () => {
    const code = 'ABCD2345'
    const routes = ctx.app.routeTable.filter(
      (route) =>
        route.url.includes(':code') ||
        Object.hasOwn((route.schema?.querystring as { shape?: object } | undefined)?.shape ?? {}, 'code'),
    )
    expect(routes.map((route) => route.url)).toContain('/api/reports/track/:code')
    for (const route of routes) {
      const url = `${route.url.replace(':code', code).replace(/:\w+/g, 'x')}?code=${code}`
      expect({ route: route.url, logged: redactUrl(url) }).toEqual({
        route: route.url,
        logged: expect.not.stringContaining(code),
      })
    }
  })
})

describe('logs of invitations', () => {
  it('hide the one-time token of every route carrying one, and of the invitation page', () => {
    const token = 'Zm9vYmFyYmF6cXV4cXV1eHh5enp5eHh5enp5eHh5enp5'
    const routes = ctx.app.routeTable.filter((route) => route.url.includes(':token'))
    expect(routes.map((route) => route.url)).toContain('/api/org/invitations/:token')
    for (const route of routes) {
      expect({ route: route.url, logged: redactUrl(route.url.replace(':token', token)) }).toEqual({
        route: route.url,
        logged: expect.not.stringContaining(token),
      })
    }
    expect(redactUrl(`/organization/invitation/${token}`)).toBe('/organization/invitation/[caché]')
    expect(redactUrl('/api/org/invitations/abc?x=1')).toBe('/api/org/invitations/[caché]?x=1')
    expect(redactUrl('/api/org/members')).toBe('/api/org/members')
  })
})

describe('logs of Open311 requests', () => {
  it('never contain the API key, whether it came in the query, a form body or a JSON body', async () => {
    const admin = bearer(await loginAdmin(ctx.app))
    const { key } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        headers: admin,
        payload: { name: 'Partenaire' },
      })
    ).json()
    const [category] = (await ctx.app.inject('/api/categories')).json()
    const fields = {
      service_code: String(category.id),
      lat: '14.7',
      long: '-17.4',
      description: 'Un nid de poule',
    }
    const post = (url: string, payload: string, contentType: string) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } })
    const form = 'application/x-www-form-urlencoded'
    const posted = [
      // What GeoReport v2 asks: the key among the form's fields.
      await post(
        '/open311/v2/requests.json',
        new URLSearchParams({ ...fields, api_key: key }).toString(),
        form,
      ),
      await post(
        '/open311/v2/requests.json',
        JSON.stringify({ ...fields, api_key: key }),
        'application/json',
      ),
      // Still taken in the query, for the clients that send it there.
      await post(`/open311/v2/requests.json?api_key=${key}`, new URLSearchParams(fields).toString(), form),
      // Refused requests are logged too.
      await post(`/open311/v2/requests.json?api_key=${key}x`, new URLSearchParams(fields).toString(), form),
    ]
    expect(posted.map((res) => res.statusCode)).toEqual([201, 201, 201, 403])

    const log = lines.join('')
    expect(log).toContain('/open311/v2/requests.json?api_key=[caché]')
    expect(log).not.toContain(key)
  })
})

describe(redactUrl.name, () => {
  it('hides the credential parameters and keeps the rest', () => {
    expect(redactUrl('/api/events?token=abc&x=1')).toBe('/api/events?token=[caché]&x=1')
    expect(redactUrl('/api/events?citizenToken=abc')).toBe('/api/events?citizenToken=[caché]')
    expect(redactUrl('/api/events?ticket=abc')).toBe('/api/events?ticket=[caché]')
    expect(redactUrl('/a?%74oken=abc')).toBe('/a?%74oken=[caché]')
    expect(redactUrl('/a?q=%zz&token')).toBe('/a?q=%zz&token=[caché]')
    expect(redactUrl('/open311/v2/requests.json?api_key=abc')).toBe(
      '/open311/v2/requests.json?api_key=[caché]',
    )
    expect(redactUrl('/api/health')).toBe('/api/health')
  })

  it('hides a report’s anonymous code, in the path of a lookup or in the query of the page, and keeps the rest', () => {
    expect(redactUrl('/api/reports/track/ABCD2345')).toBe('/api/reports/track/[caché]')
    expect(redactUrl('/api/reports/track/ABCD2345?x=1')).toBe('/api/reports/track/[caché]?x=1')
    expect(redactUrl('/api/reports/%74rack/ABCD2345')).toBe('/api/reports/%74rack/[caché]')
    expect(redactUrl('/api/reports/track/%zz')).toBe('/api/reports/track/[caché]')
    expect(redactUrl('/suivi?code=ABCD2345')).toBe('/suivi?code=[caché]')
    expect(redactUrl('/suivi?lang=wo&%63ode=ABCD2345')).toBe('/suivi?lang=wo&%63ode=[caché]')
    // Not a code: a report's public id, the count, a category's service code.
    expect(redactUrl('/api/reports/3f2b/supports')).toBe('/api/reports/3f2b/supports')
    expect(redactUrl('/api/reports/count')).toBe('/api/reports/count')
    expect(redactUrl('/open311/v2/requests.json?service_code=3')).toBe(
      '/open311/v2/requests.json?service_code=3',
    )
  })
})

describe(serializeError.name, () => {
  it('keeps a failed query and the database’s reason, never the values it was given, wrapped by drizzle or not', () => {
    const value = 'Message d’un citoyen, +221771234567'
    // As the drivers give it: PostgreSQL's `detail` quotes the row, PGlite keeps the values.
    const driverError = Object.assign(
      new Error('new row for relation "sms_inbox" violates check constraint "sms_inbox_check"'),
      { code: '23514', detail: `Failing row contains (${value}).`, params: [value], queryOptions: {} },
    )
    const wrapped = new DrizzleQueryError(
      'insert into "sms_inbox" ("message") values ($1)',
      [value],
      driverError,
    )
    for (const error of [wrapped, driverError]) {
      const logged = JSON.stringify(serializeError(error))
      expect(logged).toContain('violates check constraint')
      expect(logged).not.toContain('+221771234567')
    }
    expect(serializeError(driverError)).toMatchObject({ code: '23514' })
    expect(serializeError(wrapped)).toMatchObject({
      type: 'DrizzleQueryError',
      message:
        'Failed query: insert into "sms_inbox" ("message") values ($1): new row for relation "sms_inbox" violates check constraint "sms_inbox_check"',
      query: 'insert into "sms_inbox" ("message") values ($1)',
    })
  })
})
