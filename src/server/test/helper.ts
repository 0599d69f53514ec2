// Builds the real app on a fresh database for API tests: in-memory PGlite, or a new database on
// the PostgreSQL server of TEST_DATABASE_URL when the suite runs as `api-postgres`.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app'
import { type Clock, systemClock } from '../clock'
import { type Config, readSettings } from '../config'
import { type Database, openPglite, openPostgres } from '../db/database'
import { seedDefaults } from '../db/seed'
import { geocoderFromConfig, type ReverseGeocoder } from '../geocoding/reverse-geocoder'
import { createDiskStorage } from '../storage/file-storage'
import { migratedPglite } from './pglite-template'
import { POSTGRES_TEMPLATE_ENV, runOnTestServer } from './postgres-template'

export interface TestContext {
  app: FastifyInstance
  db: Database
  config: Config
  close(): Promise<void>
}

export const TEST_ADMIN = { username: 'admin', password: 'admin-test-password' }
/** The secret that lets `npm run backup` ask a test app for a dump (embedded database only). */
export const TEST_BACKUP_SECRET = 'test-backup-secret-test-backup-secret'

/**
 * A new database on the TEST_DATABASE_URL server, and how to drop it: empty, or with `migrated` a
 * copy of the suite's migrated one (postgres-template.ts) when the suite has it, else empty too
 * (opening it migrates it).
 */
export async function createPostgresDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL suites')
  const name = `ua_test_${randomBytes(6).toString('hex')}`
  const template = options.migrated ? process.env[POSTGRES_TEMPLATE_ENV] : undefined
  await runOnTestServer(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => runOnTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

export interface TestDatabase {
  db: Database
  /**
   * A second connection to the same database, as another server instance has. PGlite is one
   * process-local database: its "other instance" shares the connection.
   */
  connectAgain(): Promise<Database>
  /** Where the PostgreSQL database is (undefined on PGlite): for a test that connects from outside. */
  url?: string
  drop(): Promise<void>
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const db = await openPglite(undefined, migratedPglite())
    return { db, connectAgain: async () => ({ ...db, close: async () => {} }), drop: () => db.close() }
  }
  const created = await createPostgresDatabase({ migrated: true })
  const db = await openPostgres(created.url)
  const others: Database[] = []
  return {
    db,
    url: created.url,
    async connectAgain() {
      const other = await openPostgres(created.url)
      others.push(other)
      return other
    },
    async drop() {
      for (const other of others) await other.close()
      await db.close()
      await created.drop()
    },
  }
}

export async function buildTestApp(
  options: {
    env?: Record<string, string>
    clock?: Clock
    webDir?: string
    /** Where the app logs (at LOG_LEVEL); no log at all without it. */
    logStream?: NodeJS.WritableStream
    /** Instead of the configured one (off in tests: GEOCODER_URL is empty). */
    geocoder?: ReverseGeocoder
    /** Another instance on the database of this one, with the same signing key. */
    sameDatabaseAs?: { testDb: TestDatabase; config: Config }
  } = {},
): Promise<TestContext & { testDb: TestDatabase }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-test-'))
  const config: Config = {
    ...readSettings({ DATA_DIR: dataDir, GEOCODER_URL: '', ...options.env }),
    jwtSecret: options.sameDatabaseAs?.config.jwtSecret ?? randomBytes(32).toString('hex'),
    // No built web app unless a test asks for one.
    webDir: options.webDir ?? path.join(dataDir, 'no-web-app'),
  }
  const shared = options.sameDatabaseAs?.testDb
  const testDb = shared ?? (await openTestDatabase())
  const db = shared ? await shared.connectAgain() : testDb.db
  if (!shared) await seedDefaults(db.db, TEST_ADMIN)
  const clock = options.clock ?? systemClock
  const app = await buildApp(
    {
      config,
      db,
      storage: createDiskStorage(path.join(dataDir, 'uploads')),
      clock,
      geocoder: options.geocoder ?? geocoderFromConfig(config, clock),
      backupSecret: TEST_BACKUP_SECRET,
    },
    { logStream: options.logStream },
  )
  return {
    app,
    db,
    config,
    testDb,
    async close() {
      await app.close()
      if (shared) await db.close()
      else await testDb.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface TwoInstances {
  first: TestContext & { testDb: TestDatabase }
  second: TestContext
  /** Where the second listens, when asked to (live events need a real connection). */
  secondUrl: string
  close(): Promise<void>
}

/** Two instances of the app on one database, as behind a load balancer. */
export async function buildTwoInstances(
  options: { env?: Record<string, string>; listen?: boolean } = {},
): Promise<TwoInstances> {
  const first = await buildTestApp({ env: options.env })
  const second = await buildTestApp({
    env: options.env,
    sameDatabaseAs: { testDb: first.testDb, config: first.config },
  })
  let secondUrl = ''
  if (options.listen) {
    await second.app.listen({ port: 0, host: '127.0.0.1' })
    secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`
  }
  return {
    first,
    second,
    secondUrl,
    async close() {
      await second.close()
      await first.close()
    },
  }
}
