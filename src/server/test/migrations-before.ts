import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

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
