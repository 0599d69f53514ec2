// Migration 0012_organization_names on an existing database of either kind: the names kept are
// written as the domain writes them, and two of one name (whatever the case and accents) both stay,
// the later one numbered, so that the names' unique index can be made.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { asc } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { normalizeOrganizationName } from '../../domain/organization-rules'
import { createPostgresDatabase } from '../test/helper'
import { MIGRATING_TWICE_MS, migrationsBefore } from '../test/migrations-before'
import { type Database, openPglite, openPostgres } from './database'
import { organizations } from './schema'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The migrations folder as it was before 0012_organization_names. */
function migrationsBefore0012(): string {
  const before = migrationsBefore('0012_organization_names')
  cleanups.push(before.remove)
  return before.dir
}

const KEPT_NAMES = [
  'Mairie de Médina',
  // The same name in capitals and without accents, a day later.
  'MAIRIE DE MEDINA',
  // Decomposed accents, a zero-width space, a right-to-left override, a tab and doubled spaces.
  'Ville de Dakar\u200b  —\tServices te\u0301chniques\u202e',
  'ONG Set Setal',
]

const insertKept = (run: (statement: string, values: unknown[]) => Promise<unknown>) =>
  run(
    `insert into organizations (name, type, email, phone, address, city, password_hash, created_at)
     select name, 'mairie', 'org' || i || '@example.sn', '+221', 'Dakar', 'Dakar', 'x', now() + i * interval '1 day'
     from unnest($1::text[]) with ordinality as names(name, i)`,
    [KEPT_NAMES],
  )

async function namesAfterMigration(database: Database): Promise<string[]> {
  const rows = await database.db
    .select({ name: organizations.name })
    .from(organizations)
    .orderBy(asc(organizations.created_at))
  return rows.map((row) => row.name)
}

/** A database of the suite's kind migrated up to 0011, holding KEPT_NAMES, then opened by the server. */
async function migratedFrom0011(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const created = await createPostgresDatabase()
    cleanups.push(created.drop)
    const client = new pg.Client({ connectionString: created.url })
    await client.connect()
    await migratePg(drizzlePg(client), { migrationsFolder: migrationsBefore0012() })
    await insertKept((statement, values) => client.query(statement, values))
    await client.end()
    return openPostgres(created.url)
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const before = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent, btree_gin } })
  await migratePglite(drizzlePglite(before), { migrationsFolder: migrationsBefore0012() })
  await insertKept((statement, values) => before.query(statement, values))
  await before.close()
  return openPglite(dataDir)
}

describe('migration 0012_organization_names', () => {
  it(
    'writes the names kept as the domain does, and numbers the later of two alike',
    async () => {
      const after = await migratedFrom0011()
      cleanups.push(() => after.close())
      const names = await namesAfterMigration(after)
      expect(names).toEqual([
        'Mairie de Médina',
        'MAIRIE DE MEDINA (2)',
        'Ville de Dakar — Services téchniques',
        'ONG Set Setal',
      ])
      // The SQL of the migration and the domain's function agree.
      expect(names.slice(2)).toEqual(KEPT_NAMES.slice(2).map(normalizeOrganizationName))
    },
    MIGRATING_TWICE_MS,
  )
})
