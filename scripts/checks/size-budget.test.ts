import { describe, expect, it } from 'vitest'
import { budgetFailures, type Download, KB, type PageVisit } from './size-budget'

const file = (name: string, kb: number, fields: Partial<Download> = {}): Download => ({
  file: `/assets/${name}.js`,
  bytes: kb * KB,
  byWorker: false,
  beforeStart: true,
  modules: [],
  ...fields,
})

const home = (fields: Partial<PageVisit>): PageVisit => ({
  path: '/',
  area: 'citizen',
  openedFirst: true,
  downloads: [],
  beforeMap: [],
  ...fields,
})

describe('budgetFailures', () => {
  it('passes / within 140 KB before its map and 200 KB in all, the service worker included', () => {
    const app = file('index', 130)
    expect(
      budgetFailures(home({ beforeMap: [app], downloads: [app, file('leaflet', 69, { byWorker: true })] })),
    ).toEqual([])
  })

  it('counts what the service worker downloads in the first visit of /', () => {
    const app = file('index', 130)
    const failures = budgetFailures(
      home({ beforeMap: [app], downloads: [app, file('leaflet', 71, { byWorker: true })] }),
    )
    expect(failures).toEqual([
      'A first visit of / downloads 201.0 KB of JavaScript (71.0 KB by the service worker): the budget is 200.0 KB.',
    ])
  })

  it('fails / over 140 KB before its map', () => {
    const before = [file('index', 135), file('lists', 6)]
    expect(budgetFailures(home({ beforeMap: before, downloads: before }))).toEqual([
      '/ downloads 141.0 KB of JavaScript before its map: the budget is 140.0 KB.',
    ])
  })

  it('names the back-office code a citizen page downloads, even through the service worker', () => {
    const visit: PageVisit = {
      path: '/signaler',
      area: 'citizen',
      openedFirst: false,
      downloads: [
        file('organization', 10, { byWorker: true, modules: ['src/web/features/organization/api/team.ts'] }),
      ],
    }
    expect(budgetFailures(visit)).toEqual([
      '/signaler downloads back-office code:\n  /assets/organization.js (by the service worker): src/web/features/organization/api/team.ts',
    ])
    expect(budgetFailures({ ...visit, area: 'organization' })).toEqual([])
  })

  it('holds the pages opened first to MAX_FILES files at their start, the worker’s left out', () => {
    const downloads = Array.from({ length: 9 }, (_, i) => file(`part-${i}`, 1))
    const visit: PageVisit = { path: '/admin/reports', area: 'admin', openedFirst: true, downloads }
    expect(budgetFailures(visit)).toEqual([
      '/admin/reports waits for 9 JavaScript files to start: at most 8.',
    ])
    expect(budgetFailures({ ...visit, openedFirst: false })).toEqual([])
    const late = downloads.map((d, i) => (i === 0 ? { ...d, byWorker: true } : d))
    expect(budgetFailures({ ...visit, downloads: late })).toEqual([])
  })
})
