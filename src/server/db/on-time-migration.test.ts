// Migration 0020_on_time on an existing database of either kind: the resolved reports already
// there are counted, in time or not by their category's target, per organisation.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MIGRATING_TWICE_MS, openMigratedFrom } from '../test/migrations-before'
import { queryRows } from './database'

describe('migration 0020_on_time', () => {
  it(
    'counts the reports resolved before it, within their category’s target or not',
    async () => {
      const database = await openMigratedFrom('0020_on_time', async (run) => {
        await run(`insert into categorie (id, nom, resolve_target_hours) values (1, 'Voirie', 72)`)
        await run(
          `insert into organizations (id, name, type, email, phone, address, city, status)
             values ('00000000-0000-4000-8000-000000000001', 'Mairie de Fann', 'mairie', 'fann@example.sn',
               '+221', 'Fann', 'Dakar', 'approved')`,
        )
        // Resolved after 24 hours, 72 (the target itself: in time) and 100; rejected and open ones are not counted.
        const reports = [
          ['QUICK001', 'resolu', 24],
          ['INTIME01', 'resolu', 72],
          ['SLOW0001', 'resolu', 100],
          ['REJECT01', 'rejete', 10],
          ['OPEN0001', 'en-cours', null],
        ] as const
        for (const [code, status, hours] of reports) {
          await run(
            `insert into reports (anonymous_code, category_id, type, latitude, longitude, status,
                 assigned_organization_id, created_at, resolved_at)
               values ($1, 1, 'Voirie', 14.679, -17.4485, $2, '00000000-0000-4000-8000-000000000001',
                 '2026-11-02T08:00:00Z', '2026-11-02T08:00:00Z'::timestamptz + $3 * interval '1 hour')`,
            [code, status, hours],
          )
        }
      })
      const counts = await queryRows<{
        category_id: number
        organization_id: string
        resolved: number
        on_time: number
      }>(
        database.db,
        sql`select category_id, organization_id, resolved::int as resolved, on_time::int as on_time
          from report_on_time_counts`,
      )
      expect(counts).toEqual([
        { category_id: 1, organization_id: '00000000-0000-4000-8000-000000000001', resolved: 3, on_time: 2 },
      ])
    },
    MIGRATING_TWICE_MS,
  )
})
