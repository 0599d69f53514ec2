import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createOrganization, loginAdmin, loginOrganization, ORG_PASSWORD } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'
import { redactUrl } from './log-redaction'

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
    // Tokens that travel in the query: the live events stream (refused here, so that it ends)
    // and a signed export link.
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
    expect(redactUrl('/a?%74oken=abc')).toBe('/a?%74oken=[caché]')
    expect(redactUrl('/a?q=%zz&token')).toBe('/a?q=%zz&token=[caché]')
    expect(redactUrl('/open311/v2/requests.json?api_key=abc')).toBe(
      '/open311/v2/requests.json?api_key=[caché]',
    )
    expect(redactUrl('/api/health')).toBe('/api/health')
  })
})
