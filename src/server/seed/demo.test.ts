import { isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { notifications, organizations, reportEvents, reports } from '../db/schema'
import { seedDefaults } from '../db/seed'
import { openTestDatabase } from '../test/helper'
import { loadDemoData } from './demo'

let db: Database
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ db, drop } = await openTestDatabase())
  await seedDefaults(db.db, { password: 'x'.repeat(12) })
})
afterAll(() => drop())

describe('npm run seed:demo', () => {
  it('fills a living platform once, with consistent claims, resolutions and history', async () => {
    expect(await loadDemoData(db)).toEqual({ reports: 300 })
    const rows = await db.db.select().from(reports)
    expect(rows).toHaveLength(300)
    expect(new Set(rows.map((r) => r.address?.split(', ').at(-1))).size).toBeGreaterThan(10)
    for (const report of rows) {
      expect(report.latitude).toBeGreaterThan(14.6)
      expect(report.latitude).toBeLessThan(14.8)
      if (report.status === 'resolu') expect(report.resolved_at).not.toBeNull()
      if (report.status === 'resolu' || report.status === 'en-cours') {
        expect(report.assigned_organization_id).not.toBeNull()
      }
    }
    expect(rows.filter((r) => r.assigned_organization_id === null).length).toBeGreaterThan(50)
    expect(await db.db.select().from(organizations).where(isNull(organizations.last_login))).toHaveLength(4)
    expect((await db.db.select().from(reportEvents)).length).toBeGreaterThanOrEqual(300)
    expect((await db.db.select().from(notifications)).length).toBeGreaterThan(0)

    expect(await loadDemoData(db)).toBeNull()
    expect(await db.db.select().from(reports)).toHaveLength(300)
  })
})
