// The real app, serving the production build (dist/web), on a free port and a fresh embedded
// database that the test can also write to.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildApp } from '../../src/server/app'
import { systemClock } from '../../src/server/clock'
import { loadConfig } from '../../src/server/config'
import { type Database, openPglite } from '../../src/server/db/database'
import { seedDefaults } from '../../src/server/db/seed'
import { geocoderFromConfig } from '../../src/server/geocoding/reverse-geocoder'
import { createDiskStorage } from '../../src/server/storage/file-storage'
import { insertReport } from '../../src/server/test/factories'

export interface E2eServer {
  url: string
  db: Database
  /**
   * Writes a report straight into the database, then forgets the server's cached public reads,
   * as the event of a real change would.
   */
  insertReport(fields?: Parameters<typeof insertReport>[1]): ReturnType<typeof insertReport>
  stop(): Promise<void>
}

export async function startE2eServer(): Promise<E2eServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-e2e-'))
  const loaded = loadConfig({ DATA_DIR: dataDir, GEOCODER_URL: '', LOG_LEVEL: 'warn' })
  const config = {
    ...loaded,
    jwtSecret: randomBytes(32).toString('hex'),
    // A build of one's own (`vite build --outDir dist/web-x`) lets several people test at once.
    webDir: process.env.E2E_WEB_DIR ? path.resolve(process.env.E2E_WEB_DIR) : loaded.webDir,
  }
  if (!existsSync(path.join(config.webDir, 'index.html'))) {
    throw new Error('dist/web is missing: run `npm run build` before the browser tests')
  }
  const db = await openPglite(path.join(dataDir, 'db'))
  await seedDefaults(db.db, { username: 'admin', password: 'admin-e2e-password' })
  const app = await buildApp({
    config,
    db,
    storage: createDiskStorage(path.join(dataDir, 'uploads')),
    clock: systemClock,
    geocoder: geocoderFromConfig(config),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    async insertReport(fields) {
      const report = await insertReport(db.db, fields)
      app.readCache.invalidate()
      return report
    },
    async stop() {
      await app.close()
      await db.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
