// Migration 0021_targets_in_order on an existing database of either kind: a category set to wait
// longer to be claimed than to be resolved waits as long for both, and the check then holds.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MIGRATING_TWICE_MS, openMigratedFrom } from '../test/migrations-before'
import { queryRows } from './database'

describe('migration 0021_targets_in_order', () => {
  it(
    'brings a claim target past its resolve target back to it, then refuses one',
    async () => {
      const database = await openMigratedFrom('0021_targets_in_order', async (run) => {
        await run(`insert into categorie (id, nom, claim_target_hours, resolve_target_hours)
            values (1, 'Voirie', 100, 50), (2, 'Propreté', 24, 72)`)
      })
      const targets = await queryRows<{ id: number; claim: number; resolve: number }>(
        database.db,
        sql`select id, claim_target_hours as claim, resolve_target_hours as resolve from categorie order by id`,
      )
      expect(targets).toEqual([
        { id: 1, claim: 50, resolve: 50 },
        { id: 2, claim: 24, resolve: 72 },
      ])
      await expect(
        database.db.execute(sql`update categorie set claim_target_hours = 80 where id = 2`),
      ).rejects.toThrow()
    },
    MIGRATING_TWICE_MS,
  )
})
