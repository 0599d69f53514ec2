import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterEach, describe, expect, it } from 'vitest'
import { MIGRATING_TWICE_MS, migrationsBefore } from '../test/migrations-before'
import { openPglite, queryRows } from './database'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The migrations folder as it was before 0009_public_statistics. */
function migrationsBefore0009(): string {
  const before = migrationsBefore('0009_public_statistics')
  made.push(before.dir)
  return before.dir
}

// The reports of an existing database, each kind once: the migration fills the statistics' tables
// from them, with the figures the triggers would have kept.
const REPORTS = `
  insert into organizations (name, type, email, phone, address, city, status, password_hash)
    values ('Mairie de Fann', 'mairie', 'fann@example.sn', '+221', 'Fann', 'Dakar', 'approved', 'x');
  insert into reports (anonymous_code, category_id, type, status, latitude, longitude, created_at,
      assigned_organization_id, claimed_at, resolved_at)
  select r.code, c.id, c.nom, r.status, 14.679, -17.4485, '2026-11-02T08:00:00Z'::timestamptz,
    case when r.status <> 'en-attente' then o.id end,
    case when r.status <> 'en-attente' then '2026-11-02T10:00:00Z'::timestamptz end,
    case when r.status in ('resolu', 'rejete') then '2026-11-03T08:00:00Z'::timestamptz end
  from (values ('A1', 'en-attente'), ('A2', 'en-cours'), ('A3', 'resolu'), ('A4', 'rejete')) r(code, status),
    (select id, nom from categorie order by id limit 1) c, organizations o`

describe('migration 0009_public_statistics', () => {
  it(
    'fills the statistics of the reports already there, as the triggers keep them',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-'))
      made.push(dataDir)
      const before = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent, btree_gin } })
      await migrate(drizzle(before), { migrationsFolder: migrationsBefore0009() })
      await before.exec(`insert into categorie (nom) values ('Voirie');${REPORTS}`)
      await before.close()

      const after = await openPglite(dataDir)
      try {
        const tables = async () =>
          (
            await queryRows<{ figures: string }>(
              after.db,
              sql`select json_build_object(
              'organizations', (select json_agg(t order by t) from (select status, n from report_organization_counts where n <> 0) t),
              'hours', (select json_agg(t order by t) from (select bucket, n from report_resolution_hours where n <> 0) t),
              'organization_hours', (select json_agg(t order by t) from (select measure, bucket, n from report_organization_hours where n <> 0) t),
              'medians', (select json_agg(t order by t) from (select measure, bucket, before, n, total from report_organization_medians) t),
              'weeks', (select json_agg(t order by t) from (select week, filed, resolved from report_weekly_counts where filed <> 0 or resolved <> 0) t),
              'cells', (select json_agg(t order by t) from (select x, y, n from report_open_cells where n <> 0) t)
            )::text as figures`,
            )
          )[0]?.figures
        const migrated = await tables()
        // Filed 2026-11-02, claimed 2 hours later, resolved a day later; the rejected one not counted.
        expect(JSON.parse(migrated ?? '{}')).toEqual({
          organizations: [
            { status: 'en-cours', n: 1 },
            { status: 'resolu', n: 1 },
          ],
          hours: [{ bucket: 19, n: 1 }],
          organization_hours: [
            { measure: 'claim', bucket: 5, n: 2 },
            { measure: 'resolution', bucket: 19, n: 1 },
          ],
          medians: [
            { measure: 'claim', bucket: 5, before: 0, n: 2, total: 2 },
            { measure: 'resolution', bucket: 19, before: 0, n: 1, total: 1 },
          ],
          weeks: [{ week: '2026-11-02', filed: 3, resolved: 1 }],
          cells: [{ x: expect.any(Number), y: expect.any(Number), n: 2 }],
        })
        // The same reports written again go through the triggers: the same figures.
        await after.db.execute(sql`delete from reports`)
        await after.db.execute(sql.raw(REPORTS.slice(REPORTS.indexOf('insert into reports'))))
        expect(await tables()).toEqual(migrated)
      } finally {
        await after.close()
      }
    },
    MIGRATING_TWICE_MS,
  )
})
