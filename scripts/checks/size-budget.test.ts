import { describe, expect, it } from 'vitest'
import {
  type Baseline,
  budgetFailures,
  type Download,
  fileName,
  KB,
  type PageVisit,
  recordedPage,
} from './size-budget'

const file = (name: string, kb: number, fields: Partial<Download> = {}): Download => ({
  file: `/assets/${name}-Ab3_x-9Z.js`,
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

const RECORDED_HOME = [file('index', 139.5), file('home-parts', 9.5)]
const RECORDED_SIGNALER = [
  file('index', 139.5),
  file('report-page', 60),
  file('leaflet', 35, { byWorker: true }),
]
const baseline: Baseline = {
  recorded: '2026-12-07',
  pages: {
    '/': recordedPage(home({ beforeMap: RECORDED_HOME, downloads: RECORDED_HOME })),
    '/signaler': recordedPage({
      path: '/signaler',
      area: 'citizen',
      openedFirst: true,
      downloads: RECORDED_SIGNALER,
    }),
  },
}

describe('budgetFailures', () => {
  it('passes / within 155 KB before its map and 240 KB in all, the service worker included', () => {
    const before = [file('index', 145), file('home-parts', 10)]
    const visit = home({ beforeMap: before, downloads: [...before, file('leaflet', 85, { byWorker: true })] })
    expect(budgetFailures(visit, baseline)).toEqual([])
  })

  it('fails / over 155 KB before its map, naming the file that grew and by how much', () => {
    const before = [file('index', 159.5), file('home-parts', 9.5)]
    expect(budgetFailures(home({ beforeMap: before, downloads: before }), baseline)).toEqual([
      '/ downloads 169.0 KB of JavaScript before its map: the budget is 155.0 KB. Changed since 2026-12-07: index.js +20.0 KB (139.5 KB → 159.5 KB).',
    ])
  })

  it('counts what the service worker downloads in the first visit of /, and names a new file', () => {
    const before = [file('index', 139.5), file('home-parts', 9.5)]
    const failures = budgetFailures(
      home({ beforeMap: before, downloads: [...before, file('leaflet', 92, { byWorker: true })] }),
      baseline,
    )
    expect(failures).toEqual([
      'A first visit of / downloads 241.0 KB of JavaScript (92.0 KB by the service worker): the budget is 240.0 KB. Changed since 2026-12-07: leaflet.js +92.0 KB (new).',
    ])
  })

  it('holds another citizen page to its recorded figure plus 5 KB, naming what grew, came and went', () => {
    const visit: PageVisit = {
      path: '/signaler',
      area: 'citizen',
      openedFirst: true,
      downloads: RECORDED_SIGNALER,
    }
    expect(budgetFailures(visit, baseline)).toEqual([])
    const within = [...RECORDED_SIGNALER, file('extra', 5)]
    expect(budgetFailures({ ...visit, downloads: within }, baseline)).toEqual([])
    const grown = [
      file('index', 139.5),
      file('report-page', 66.5),
      file('photo-tools', 4),
      file('leaflet', 35, { byWorker: true }),
    ]
    expect(budgetFailures({ ...visit, downloads: grown }, baseline)).toEqual([
      'A first visit of /signaler downloads 245.0 KB of JavaScript: the budget is 239.5 KB (234.5 KB on 2026-12-07, plus 5.0 KB). Changed since 2026-12-07: report-page.js +6.5 KB (60.0 KB → 66.5 KB), photo-tools.js +4.0 KB (new).',
    ])
    const moved = [
      file('index', 139.5),
      file('report-page', 30),
      file('report-form', 71),
      file('leaflet', 35),
    ]
    expect(budgetFailures({ ...visit, downloads: moved }, baseline)[0]).toMatch(
      /Changed since 2026-12-07: report-form\.js \+71\.0 KB \(new\), report-page\.js −30\.0 KB \(60\.0 KB → 30\.0 KB\)\.$/,
    )
  })

  it('asks for a figure to be recorded for a citizen page that has none', () => {
    const visit: PageVisit = {
      path: '/aide',
      area: 'citizen',
      openedFirst: false,
      downloads: [file('index', 1)],
    }
    expect(budgetFailures(visit, baseline)).toEqual([
      '/aide has no recorded figure to hold it to: measure it with `npm run size:downloads -- --record --page /aide`.',
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
    expect(budgetFailures(visit, baseline)).toEqual([
      '/signaler downloads back-office code:\n  /assets/organization-Ab3_x-9Z.js (by the service worker): src/web/features/organization/api/team.ts',
    ])
    expect(budgetFailures({ ...visit, area: 'organization' }, baseline)).toEqual([])
  })

  it('holds the pages opened first to MAX_FILES files at their start, the worker’s left out', () => {
    const downloads = Array.from({ length: 9 }, (_, i) => file(`part-${i}`, 1))
    const visit: PageVisit = { path: '/admin/reports', area: 'admin', openedFirst: true, downloads }
    expect(budgetFailures(visit, baseline)).toEqual([
      '/admin/reports waits for 9 JavaScript files to start: at most 8.',
    ])
    expect(budgetFailures({ ...visit, openedFirst: false }, baseline)).toEqual([])
    const late = downloads.map((d, i) => (i === 0 ? { ...d, byWorker: true } : d))
    expect(budgetFailures({ ...visit, downloads: late }, baseline)).toEqual([])
  })
})

describe('fileName', () => {
  it('names a built file without its content hash, so that one build compares with the next', () => {
    expect(fileName('/assets/use-one-task-after-another-qGCy-HXz.js')).toBe('use-one-task-after-another.js')
    expect(fileName('/assets/index-B2x9_kQa.js')).toBe('index.js')
    expect(fileName('/sw.js')).toBe('sw.js')
  })
})
