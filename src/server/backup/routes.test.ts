import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAdmin } from '../test/accounts'
import { buildTestApp, TEST_BACKUP_SECRET, type TestContext } from '../test/helper'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

const askForBackup = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/internal/backup', headers })

describe('POST /api/internal/backup', () => {
  it('gives the running embedded server’s database dump to whoever has the secret of DATA_DIR', async () => {
    const res = await askForBackup({ 'x-backup-secret': TEST_BACKUP_SECRET })
    if (ctx.db.kind === 'postgres') {
      // On a PostgreSQL server, backups are pg_dump's job: the route does not exist.
      expect(res.statusCode).toBe(404)
      return
    }
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/gzip')
    // A tarball of the data directory: its first entry's name starts the archive.
    expect(gunzipSync(res.rawPayload).subarray(0, 100).toString()).toMatch(/\w/)
    expect(gunzipSync(res.rawPayload).length).toBeGreaterThan(1024 * 1024)
  })

  it('refuses a missing or wrong secret, and an administrator’s session, with 401', async () => {
    const admin = await loginAdmin(ctx.app)
    const attempts: Record<string, string>[] = [
      {},
      { 'x-backup-secret': 'wrong' },
      { 'x-backup-secret': `${TEST_BACKUP_SECRET}x` },
      bearer(admin),
    ]
    for (const headers of attempts) {
      const res = await askForBackup(headers)
      expect(res.statusCode).toBe(ctx.db.kind === 'postgres' ? 404 : 401)
    }
  })

  it('does not exist for a request that came through a proxy, even with the secret', async () => {
    const res = await askForBackup({
      'x-backup-secret': TEST_BACKUP_SECRET,
      'x-forwarded-for': '203.0.113.9',
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('route_not_found')
  })
})
