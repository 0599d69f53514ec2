// Vitest's global setup of the suites on PGlite: one database migrated once, kept as a data
// directory that every test database starts from. Migrating a new PGlite database takes about 2 s
// (4 s with two suites at once), restoring a migrated one under 1 s: the API suite opens about 50.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { openPglite } from '../db/database'

/** Where the migrated database's data directory is (a tarball), for the test workers. */
const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE'

/**
 * The migrated database to start a test database from (`openPglite`'s `restoreFrom`); none
 * outside a suite with this global setup (`npm run fuzz`, `npm run lighthouse`): they migrate.
 */
export function migratedPglite(): Buffer | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV]
  return file ? readFileSync(file) : undefined
}

export default async function setup(): Promise<() => void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ua-pglite-template-'))
  const db = await openPglite(undefined)
  const migrated = await db.dump?.()
  await db.close()
  if (!migrated) throw new Error('an embedded database can be dumped')
  // Kept as a plain tarball (43 MB instead of 5): PGlite reads it as it is, where a gzipped one
  // is first tried as a tarball, then unzipped, at each of the suite's opens.
  const file = path.join(folder, 'migrated.tar')
  writeFileSync(file, gunzipSync(migrated))
  // Set before the workers start: they inherit it.
  process.env[PGLITE_TEMPLATE_ENV] = file
  return () => rmSync(folder, { recursive: true, force: true })
}
