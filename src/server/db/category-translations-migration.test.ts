import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterEach, describe, expect, it } from 'vitest'
import { MIGRATING_TWICE_MS, migrationsBefore } from '../test/migrations-before'
import { openPglite } from './database'
import { categories } from './schema'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The migrations folder as it was before 0005_category_translations. */
function migrationsBefore0005(): string {
  const before = migrationsBefore('0005_category_translations')
  made.push(before.dir)
  return before.dir
}

describe('migration 0005_category_translations', () => {
  it(
    'gives an existing database’s default categories their English and Wolof names, and the others none',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-'))
      made.push(dataDir)
      const before = await PGlite.create({ dataDir, extensions: { pg_trgm } })
      await migrate(drizzle(before), { migrationsFolder: migrationsBefore0005() })
      await before.query(`insert into categorie (nom) values ('Voirie'), ('propreté'), ('Espaces verts')`)
      await before.close()

      const after = await openPglite(dataDir)
      try {
        const rows = await after.db
          .select({ nom: categories.nom, en: categories.nom_en, wo: categories.nom_wo })
          .from(categories)
        expect(rows.sort((a, b) => a.nom.localeCompare(b.nom))).toEqual([
          { nom: 'Espaces verts', en: '', wo: '' },
          { nom: 'propreté', en: 'Cleanliness', wo: 'Set-setal' },
          { nom: 'Voirie', en: 'Roads', wo: 'Mbedd yi' },
        ])
      } finally {
        await after.close()
      }
    },
    MIGRATING_TWICE_MS,
  )
})
