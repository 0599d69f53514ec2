// Migration 0017_areas on an existing database of either kind: every report gets its commune
// (none outside the department), the counts by commune equal what counting the reports gives, and
// the table its migration rewrote is vacuumed.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MIGRATING_TWICE_MS, openMigratedFrom } from '../test/migrations-before'
import { queryRows } from './database'

describe('migration 0017_areas', () => {
  it(
    'gives every existing report its commune, counts them by commune, and vacuums the rewritten table',
    async () => {
      const database = await openMigratedFrom('0017_areas', async (run) => {
        await run(`insert into categorie (id, nom) values (1, 'Voirie')`)
        const places = [
          ['MEDINA01', 14.6795, -17.447, 'en-attente'],
          ['MEDINA02', 14.679, -17.4485, 'resolu'],
          ['PARCEL01', 14.7625, -17.4435, 'en-attente'],
          ['PIKINE01', 14.75, -17.39, 'en-attente'],
        ] as const
        // Enough reports for a table of over a thousand pages: the rewrite's vacuum is for those.
        await run(
          `insert into reports (anonymous_code, category_id, type, description, latitude, longitude)
             select 'BULK' || i, 1, 'Voirie', repeat('Caniveau bouché ', 20), 14.7625, -17.4435
             from generate_series(1, 25000) as i`,
        )
        for (const [code, latitude, longitude, status] of places) {
          await run(
            `insert into reports (anonymous_code, category_id, type, latitude, longitude, status, resolved_at)
               values ($1, 1, 'Voirie', $2, $3, $4, case when $4 = 'resolu' then now() end)`,
            [code, latitude, longitude, status],
          )
        }
      })
      const areas = await queryRows<{ anonymous_code: string; name: string | null }>(
        database.db,
        sql`select r.anonymous_code, a.name from reports r left join areas a on a.id = r.area_id
          where r.anonymous_code not like 'BULK%' order by 1`,
      )
      expect(areas).toEqual([
        { anonymous_code: 'MEDINA01', name: 'Médina' },
        { anonymous_code: 'MEDINA02', name: 'Médina' },
        { anonymous_code: 'PARCEL01', name: 'Parcelles Assainies' },
        { anonymous_code: 'PIKINE01', name: null },
      ])
      const counts = await queryRows<{ status: string; area_id: number; n: number }>(
        database.db,
        sql`select status, area_id, n::int as n from report_counts where n <> 0 order by 1, 2`,
      )
      expect(counts).toEqual([
        { status: 'en-attente', area_id: 0, n: 1 },
        { status: 'en-attente', area_id: 3, n: 1 },
        { status: 'en-attente', area_id: 18, n: 25_001 },
        { status: 'resolu', area_id: 3, n: 1 },
      ])
      // Vacuumed once migrated: index-only scans read the index alone again.
      const [table] = await queryRows<{ relpages: number; relallvisible: number }>(
        database.db,
        sql`select relpages, relallvisible from pg_class where relname = 'reports'`,
      )
      expect(table?.relpages).toBeGreaterThan(1000)
      expect(table?.relallvisible).toBeGreaterThan((table?.relpages ?? 0) / 2)
    },
    MIGRATING_TWICE_MS,
  )
})
