// The real app on a free loopback port, with a fresh embedded database in a temporary folder
// that is removed on stop: for the browser tests and the Lighthouse runs.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app'
import { systemClock } from '../clock'
import { type Config, readSettings } from '../config'
import { type Database, openPglite } from '../db/database'
import { seedDefaults } from '../db/seed'
import { geocoderFromConfig } from '../geocoding/reverse-geocoder'
import { createDiskStorage } from '../storage/file-storage'
import { migratedPglite } from './pglite-template'

export interface ThrowawayServer {
  url: string
  app: FastifyInstance
  db: Database
  stop(): Promise<void>
}

export async function startThrowawayServer(options: {
  /** The built web app it serves. */
  webDir: string
  /** The first super administrator. */
  admin: { username: string; password: string }
  /** Fills the database before the server starts. */
  prepare?: (db: Database) => Promise<unknown>
  /** Settings of the environment besides the test defaults (PUSH_SERVICE_ORIGINS…). */
  env?: Record<string, string>
}): Promise<ThrowawayServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-server-'))
  const settings = readSettings({ DATA_DIR: dataDir, GEOCODER_URL: '', LOG_LEVEL: 'warn', ...options.env })
  const config: Config = { ...settings, webDir: options.webDir, jwtSecret: randomBytes(32).toString('hex') }
  const db = await openPglite(path.join(dataDir, 'db'), migratedPglite())
  await seedDefaults(db.db, options.admin)
  await options.prepare?.(db)
  const app = await buildApp({
    config,
    db,
    storage: createDiskStorage(path.join(dataDir, 'uploads')),
    clock: systemClock,
    geocoder: geocoderFromConfig(config, systemClock),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    async stop() {
      await app.close()
      await db.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
