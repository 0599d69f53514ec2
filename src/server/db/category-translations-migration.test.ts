import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterEach, describe, expect, it } from 'vitest'
import { openPglite } from './database'
import { categories } from './schema'

const MIGRATIONS = path.resolve(import.meta.dirname, 'migrations')
const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The migrations folder as it was before 0005_category_translations. */
function migrationsBefore0005(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'))
  made.push(dir)
  cpSync(MIGRATIONS, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const index = journal.entries.findIndex((entry) => entry.tag === '0005_category_translations')
  expect(index).toBeGreaterThan(0)
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }))
  return dir
}

describe('migration 0005_category_translations', () => {
  it('gives an existing database’s default categories their English and Wolof names, and the others none', async () => {
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
  })
})
