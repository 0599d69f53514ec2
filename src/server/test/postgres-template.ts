// Vitest's global setup of the suite on PostgreSQL (api-postgres): one database migrated once, that
// every test database of the suite is copied from (CREATE DATABASE … TEMPLATE), as the suites on
// PGlite start from pglite-template.ts. Migrating a new database takes 250–400 ms on the CI
// machine, copying a migrated one about 50 ms: the suite opens about 150.
import { randomBytes } from 'node:crypto'
import { openPostgres } from '../db/database'
import { runOnServer } from './server-process'

/** The migrated database to copy a test database from; none outside a suite with this global setup. */
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE'

/** Runs one statement on the TEST_DATABASE_URL server, on a connection of its own. */
export async function runOnTestServer(statement: string): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL suites')
  await runOnServer(serverUrl, statement)
}

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL suites')
  const name = `ua_template_${randomBytes(6).toString('hex')}`
  await runOnTestServer(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const db = await openPostgres(url.toString())
  await db.close()
  // Set before the workers start: they inherit it.
  process.env[POSTGRES_TEMPLATE_ENV] = name
  return () => runOnTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}
