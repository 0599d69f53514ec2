import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { onTestFinished } from 'vitest'
import { type Database, openPglite, openPostgres } from '../db/database'
import { createPostgresDatabase } from './helper'

/**
 * A test migrating databases from nothing, twice: work for the processor alone, that a busy
 * machine (CI's two cores shared with another run) stretches well past the usual 30 s. Never a
 * measure of time.
 */
export const MIGRATING_TWICE_MS = 180_000

const MIGRATIONS = path.resolve(import.meta.dirname, '../db/migrations')

/**
 * A copy of the migrations folder as it was before the migration `tag`, to migrate an existing
 * database of that time; `remove` deletes it.
 */
export function migrationsBefore(tag: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'))
  cpSync(MIGRATIONS, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const index = journal.entries.findIndex((entry) => entry.tag === tag)
  if (index <= 0) throw new Error(`no migration ${tag} after the first`)
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * A database of the suite's kind (TEST_DB) migrated up to just before `tag`, filled by `fill`
 * through a raw connection, then opened by the server (which runs the migrations left). Closed and
 * removed when the test ends.
 */
export async function openMigratedFrom(
  tag: string,
  fill: (run: (statement: string, values?: unknown[]) => Promise<unknown>) => Promise<void>,
): Promise<Database> {
  const cleanups: (() => Promise<void> | void)[] = []
  onTestFinished(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })
  const before = migrationsBefore(tag)
  cleanups.push(before.remove)
  const database = await migratedCopy(before.dir, fill, cleanups)
  cleanups.push(() => database.close())
  return database
}

async function migratedCopy(
  migrationsFolder: string,
  fill: (run: (statement: string, values?: unknown[]) => Promise<unknown>) => Promise<void>,
  cleanups: (() => Promise<void> | void)[],
): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const created = await createPostgresDatabase()
    cleanups.push(created.drop)
    const client = new pg.Client({ connectionString: created.url })
    await client.connect()
    await migratePg(drizzlePg(client), { migrationsFolder })
    await fill((statement, values) => client.query(statement, values))
    await client.end()
    return openPostgres(created.url)
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const embedded = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent, btree_gin } })
  await migratePglite(drizzlePglite(embedded), { migrationsFolder })
  await fill((statement, values) => embedded.query(statement, values))
  await embedded.close()
  return openPglite(dataDir)
}
