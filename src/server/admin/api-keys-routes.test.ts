import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeys } from '../db/schema'
import { bearer, loginAdmin } from '../test/accounts'
import { buildTestApp, type TestContext } from '../test/helper'

let ctx: TestContext
let admin: { authorization: string }
beforeAll(async () => {
  ctx = await buildTestApp()
  admin = bearer(await loginAdmin(ctx.app))
})
afterAll(() => ctx.close())

describe('POST /api/admin/api-keys', () => {
  it('shows the new key once and stores only its hash', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: admin,
      payload: { name: '  Application SenAlerte  ' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.headers['cache-control']).toBe('no-store')
    const created = res.json()
    expect(created).toMatchObject({ name: 'Application SenAlerte', created_by: 'admin', revoked_at: null })
    expect(created.key).toMatch(/^au_[\w-]{43}$/)
    const rows = await ctx.db.db.select().from(apiKeys)
    expect(JSON.stringify(rows)).not.toContain(created.key)
    const list = await ctx.app.inject({ url: '/api/admin/api-keys', headers: admin })
    expect(list.body).not.toContain(created.key)
    expect(list.json().items).toMatchObject([{ id: created.id, name: 'Application SenAlerte' }])
  })

  it('asks for a name, in French', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: admin,
      payload: { name: ' ' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe(
      'Donnez un nom à la clé (l’application ou le partenaire qui l’utilise).',
    )
  })
})

describe('DELETE /api/admin/api-keys/:id', () => {
  it('revokes a key once, then answers 409; an unknown key is 404', async () => {
    const created = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        headers: admin,
        payload: { name: 'Test' },
      })
    ).json()
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${created.id}`,
      headers: admin,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().revoked_at).not.toBeNull()
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${created.id}`,
      headers: admin,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('Cette clé API est déjà révoquée.')
    const unknown = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/admin/api-keys/6f1c1a4e-1111-4a4a-9a9a-000000000000',
      headers: admin,
    })
    expect(unknown.statusCode).toBe(404)
  })
})
