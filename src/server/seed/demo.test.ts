import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CATEGORIES } from '../../domain/category'
import { COMMUNES, nearestCommune } from '../../domain/communes'
import { distanceInMetres } from '../../domain/location'
import type { Database } from '../db/database'
import { notifications, organizations, reportEvents, reportSupports, reports } from '../db/schema'
import { seedDefaults } from '../db/seed'
import { openTestDatabase } from '../test/helper'
import { DEMO_REPORTS, loadDemoData } from './demo'
import { COMMUNE_STREETS, DEMO_DESCRIPTIONS, demoReports, seededRandom } from './demo-data'

const NOW = new Date('2027-03-15T10:00:00Z')
const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

let db: Database
let drop: () => Promise<void>
let rows: (typeof reports.$inferSelect)[]
let events: (typeof reportEvents.$inferSelect)[]
beforeAll(async () => {
  ;({ db, drop } = await openTestDatabase())
  await seedDefaults(db.db, { password: 'x'.repeat(12) })
  expect(await loadDemoData(db, { now: NOW })).toEqual({ reports: DEMO_REPORTS })
  rows = await db.db.select().from(reports)
  events = await db.db.select().from(reportEvents).orderBy(asc(reportEvents.created_at), asc(reportEvents.id))
})
afterAll(() => drop())

const time = (value: string | null) => new Date(value ?? Number.NaN).getTime()

describe('npm run seed:demo', () => {
  it('places every report in its commune, on a street of that commune', () => {
    expect(rows).toHaveLength(DEMO_REPORTS)
    for (const report of rows) {
      const commune = nearestCommune(report.latitude, report.longitude)
      expect(commune, `${report.latitude}, ${report.longitude}`).not.toBeNull()
      if (!commune) continue
      expect(distanceInMetres(report, commune)).toBeLessThanOrEqual(commune.radiusM)
      expect(report.department).toBe('Dakar')
      if (report.address) {
        const [street, named] = [
          report.address.slice(0, report.address.lastIndexOf(', ')),
          report.address.slice(report.address.lastIndexOf(', ') + 2),
        ]
        expect(named).toBe(commune.name)
        expect(COMMUNE_STREETS[commune.name]).toContain(street)
      }
    }
    // Spread over the department, more where more people live.
    const communes = new Set(rows.map((r) => nearestCommune(r.latitude, r.longitude)?.name))
    expect(communes.size).toBeGreaterThanOrEqual(COMMUNES.length - 1)
  })

  it('describes them in at least 100 different ways, and leaves some without address', () => {
    expect(Object.values(DEMO_DESCRIPTIONS).flat().length).toBeGreaterThanOrEqual(100)
    expect(new Set(rows.map((r) => r.description)).size).toBeGreaterThanOrEqual(100)
    for (const report of rows) {
      expect(DEMO_DESCRIPTIONS[report.type]).toContain(report.description)
    }
    const withoutAddress = rows.filter((r) => r.address === null).length
    expect(withoutAddress).toBeGreaterThan(DEMO_REPORTS * 0.1)
    expect(withoutAddress).toBeLessThan(DEMO_REPORTS * 0.5)
    // No photograph of Dakar can be fetched here: no demo report claims to have one.
    expect(rows.filter((r) => r.photo_url !== null)).toEqual([])
  })

  it('spreads them over the last year, more of them lately', () => {
    const ages = rows.map((r) => (NOW.getTime() - time(r.created_at)) / DAY_MS)
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...ages)).toBeLessThanOrEqual(366)
    expect(Math.max(...ages)).toBeGreaterThan(300)
    const months = new Set(rows.map((r) => r.created_at.slice(0, 7)))
    expect(months.size).toBeGreaterThanOrEqual(12)
    expect(ages.filter((age) => age < 90).length).toBeGreaterThan(ages.filter((age) => age > 275).length)
  })

  it('gives them the history the platform writes: claims, resolutions after a while, a few rejections', async () => {
    const byStatus = (status: string) => rows.filter((r) => r.status === status)
    expect(byStatus('en-attente').length).toBeGreaterThan(20)
    expect(byStatus('en-cours').length).toBeGreaterThan(10)
    expect(byStatus('resolu').length).toBeGreaterThan(DEMO_REPORTS / 3)
    expect(byStatus('rejete').length).toBeGreaterThan(0)
    expect(byStatus('rejete').length).toBeLessThan(DEMO_REPORTS * 0.1)

    const resolutionHours: number[] = []
    for (const report of rows) {
      const lines = events.filter((e) => e.report_id === report.id)
      expect(lines[0]).toMatchObject({ kind: 'created', actor_type: 'citizen', to_status: 'en-attente' })
      expect(lines[0]?.created_at).toBe(report.created_at)
      // The last change of status is the status it has.
      const statusLines = lines.filter((e) => e.to_status !== null)
      expect(statusLines.at(-1)?.to_status).toBe(report.status)
      for (const line of lines) expect(time(line.created_at)).toBeLessThanOrEqual(NOW.getTime())
      if (report.status === 'en-cours' || report.status === 'resolu') {
        expect(report.assigned_organization_id).not.toBeNull()
        expect(time(report.claimed_at)).toBeGreaterThan(time(report.created_at))
      }
      if (report.status === 'resolu') {
        expect(time(report.resolved_at)).toBeGreaterThan(time(report.claimed_at))
        resolutionHours.push((time(report.resolved_at) - time(report.created_at)) / HOUR_MS)
      } else {
        expect(report.resolved_at).toBeNull()
      }
      if (report.status === 'rejete') {
        expect(statusLines.at(-1)).toMatchObject({ actor_type: 'admin', kind: 'status_changed' })
      }
    }
    // Resolution times of a real city: from hours to weeks.
    resolutionHours.sort((a, b) => a - b)
    expect(resolutionHours[0]).toBeLessThan(72)
    expect(resolutionHours.at(-1)).toBeGreaterThan(21 * 24)
    // Organisations wrote to citizens; citizens confirmed some fixes; administrators set priorities.
    expect((await db.db.select().from(notifications)).length).toBeGreaterThan(50)
    expect(events.filter((e) => e.kind === 'confirmed').length).toBeGreaterThan(10)
    expect(events.filter((e) => e.kind === 'priority_changed').length).toBeGreaterThan(30)
  })

  it('is the same every time (seeded), and loads once', async () => {
    const first = demoReports(seededRandom(7), DEFAULT_CATEGORIES, NOW, 50)
    const second = demoReports(seededRandom(7), DEFAULT_CATEGORIES, NOW, 50)
    expect(second).toEqual(first)
    expect(await loadDemoData(db, { now: NOW })).toBeNull()
    expect(await db.db.select().from(reports)).toHaveLength(DEMO_REPORTS)
    expect(await db.db.select().from(organizations)).toHaveLength(4)
  })
})

describe('npm run seed:demo, the residents who say “Moi aussi”', () => {
  it('gives some open reports supporters, so that “Plus soutenus” has something to show', async () => {
    const supported = rows.filter((report) => report.supporters_count > 0)
    // Most reports have none; a fair share a few; the most supported several.
    expect(supported.length).toBeGreaterThan(DEMO_REPORTS * 0.15)
    expect(supported.length).toBeLessThan(DEMO_REPORTS * 0.6)
    expect(Math.max(...rows.map((report) => report.supporters_count))).toBeGreaterThanOrEqual(5)
    expect(supported.some((report) => report.status === 'en-attente' || report.status === 'en-cours')).toBe(
      true,
    )
  })

  it('records each support as the support route does: one device once, never the filing one, while open', async () => {
    const supports = await db.db.select().from(reportSupports)
    const byReport = new Map(rows.map((report) => [report.id, report]))
    for (const report of rows) {
      const own = supports.filter((support) => support.report_id === report.id)
      expect(own).toHaveLength(report.supporters_count)
      expect(own.every((support) => support.reporter_hash !== report.reporter_hash)).toBe(true)
      const lines = events.filter((event) => event.report_id === report.id && event.kind === 'supported')
      expect(lines).toHaveLength(report.supporters_count)
    }
    for (const support of supports) {
      const report = byReport.get(support.report_id)
      expect(time(support.created_at)).toBeGreaterThan(time(report?.created_at ?? null))
      if (report?.resolved_at) expect(time(support.created_at)).toBeLessThan(time(report.resolved_at))
    }
  })
})
