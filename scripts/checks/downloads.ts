// `npm run size:downloads`: the JavaScript a phone downloads on a first visit of each page
// (downloads-measure.ts), page by page, and the budgets it breaks (size-budget.ts): `/` within
// 155 KB before its map and 240 KB in all, every other citizen page within its recorded figure
// plus 5 KB, no back-office code on a citizen page, at most MAX_FILES files waited for by the
// start of the pages opened first. `npm test` holds the same budgets (e2e/downloads.spec.ts).
//
//   npm run build && npm run size:downloads
//   npm run size:downloads -- --dir dist/web-x --page / --page /signaler --files
//   npm run size:downloads -- --record      # the citizen pages' figures become their budgets' base
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { PAGES, startDownloadsMeter } from './downloads-measure'
import {
  type Baseline,
  budgetFailures,
  type Download,
  fileName,
  kb,
  recordedPage,
  totalBytes,
} from './size-budget'

const BASELINE_FILE = path.resolve(import.meta.dirname, 'downloads-baseline.json')

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist/web' },
    chrome: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    /** Every file downloaded, page by page. */
    files: { type: 'boolean', default: false },
    /** Only these pages (repeatable). */
    page: { type: 'string', multiple: true },
    /** Writes the measured citizen pages' figures to downloads-baseline.json. */
    record: { type: 'boolean', default: false },
  },
})

/** One line of the table: what the page fetched, what its service worker fetched, both, and the largest files. */
function row(label: string, downloads: Download[]) {
  const byWorker = totalBytes(downloads.filter((d) => d.byWorker))
  const all = totalBytes(downloads)
  const largest = [...downloads]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 4)
    .map((d) => `${fileName(d.file).replace(/\.m?js$/, '')} ${(d.bytes / 1024).toFixed(1)}`)
    .join(', ')
  const startFiles = downloads.filter((d) => d.beforeStart && !d.byWorker).length
  const figures = [kb(all - byWorker), kb(byWorker), kb(all)].map((figure) => figure.padStart(9)).join(' ')
  return `${label.padEnd(32)} ${figures} ${String(downloads.length).padStart(5)} ${String(startFiles).padStart(5)}   ${largest}`
}

let meter: Awaited<ReturnType<typeof startDownloadsMeter>>
try {
  meter = await startDownloadsMeter({ webDir: String(args.dir), chromePath: String(args.chrome) })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
const baseline = JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline
const recorded: Baseline = { recorded: new Date().toISOString().slice(0, 10), pages: { ...baseline.pages } }
const failures: string[] = []
try {
  const chosen = args.page?.length ? PAGES.filter((p) => args.page?.includes(p.path)) : PAGES
  console.log(
    `${'page (first visit, until idle)'.padEnd(32)} ${['by page', 'by SW', 'JS'].map((h) => h.padStart(9)).join(' ')} files start   largest files (KB)`,
  )
  for (const target of chosen) {
    const visit = await meter.measure(target)
    if (visit.beforeMap) console.log(row('/ before its map', visit.beforeMap))
    console.log(row(visit.path === '/' ? '/ with its map preview' : visit.path, visit.downloads))
    if (visit.area === 'citizen') recorded.pages[visit.path] = recordedPage(visit)
    if (!args.record) failures.push(...budgetFailures(visit, baseline))
    if (args.files)
      for (const d of visit.downloads)
        console.log(
          `    ${d.byWorker ? 'SW  ' : 'page'} ${d.beforeStart ? 'start' : '     '} ${kb(d.bytes).padStart(9)} ${d.file} ${d.modules
            .filter((m) => m.startsWith('src/'))
            .slice(0, 3)
            .join(' ')}`,
        )
  }
  console.log(
    `\nBytes as they came over the network (${[...meter.encodings].join(', ')}); "by SW": the service worker's downloads for offline use; "start": the page's files its app's start waited for.`,
  )
} finally {
  await meter.stop()
}
if (args.record) {
  writeFileSync(BASELINE_FILE, `${JSON.stringify(recorded, null, 2)}\n`)
  console.log(
    `Recorded in ${path.relative(process.cwd(), BASELINE_FILE)}: the citizen pages' budgets now grow from these figures.`,
  )
}
for (const failure of failures) console.error(failure)
process.exit(failures.length > 0 ? 1 : 0)
