// Migration 0012_organization_names on an existing database of either kind: the names kept are
// written as the domain writes them, and two of one name (whatever the case and accents) both stay,
// the later one numbered, so that the names' unique index can be made.
import { asc } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { normalizeOrganizationName } from '../../domain/organization-rules'
import { MIGRATING_TWICE_MS, openMigratedFrom } from '../test/migrations-before'
import type { Database } from './database'
import { organizations } from './schema'

const KEPT_NAMES = [
  'Mairie de Médina',
  // The same name in capitals and without accents, a day later.
  'MAIRIE DE MEDINA',
  // Decomposed accents, a zero-width space, a right-to-left override, a tab and doubled spaces.
  'Ville de Dakar\u200b  —\tServices te\u0301chniques\u202e',
  'ONG Set Setal',
]

const insertKept = async (run: (statement: string, values?: unknown[]) => Promise<unknown>) => {
  await run(
    `insert into organizations (name, type, email, phone, address, city, password_hash, created_at)
     select name, 'mairie', 'org' || i || '@example.sn', '+221', 'Dakar', 'Dakar', 'x', now() + i * interval '1 day'
     from unnest($1::text[]) with ordinality as names(name, i)`,
    [KEPT_NAMES],
  )
}

async function namesAfterMigration(database: Database): Promise<string[]> {
  const rows = await database.db
    .select({ name: organizations.name })
    .from(organizations)
    .orderBy(asc(organizations.created_at))
  return rows.map((row) => row.name)
}

describe('migration 0012_organization_names', () => {
  it(
    'writes the names kept as the domain does, and numbers the later of two alike',
    async () => {
      const after = await openMigratedFrom('0012_organization_names', insertKept)
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
