import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createOrganization, loginOrganization, ORG_PASSWORD } from '../test/accounts'
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

describe(redactUrl.name, () => {
  it('hides the credential parameters and keeps the rest', () => {
    expect(redactUrl('/api/events?token=abc&x=1')).toBe('/api/events?token=[caché]&x=1')
    expect(redactUrl('/api/events?citizenToken=abc')).toBe('/api/events?citizenToken=[caché]')
    expect(redactUrl('/a?%74oken=abc')).toBe('/a?%74oken=[caché]')
    expect(redactUrl('/a?q=%zz&token')).toBe('/a?q=%zz&token=[caché]')
    expect(redactUrl('/api/health')).toBe('/api/health')
  })
})
