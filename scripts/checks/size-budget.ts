// The budgets of what a phone downloads (downloads-measure.ts measures, this judges): pure, so that
// it is tested alone. Held in `npm test` by e2e/downloads.spec.ts, and printed by
// `npm run size:downloads`.

export const KB = 1024
/** What `/` may download for itself (its app, lists and footer) before its map: 153.8 KB on 7 December 2026. */
export const HOME_BEFORE_MAP_BYTES = 155 * KB
/** Everything a first visit of `/` downloads, the service worker's offline kit included: 234.9 KB on 7 December 2026. */
export const HOME_FIRST_VISIT_BYTES = 240 * KB
/**
 * How much every other citizen page may download past its recorded figure (downloads-baseline.json,
 * written by `npm run size:downloads -- --record`): recording again is raising the budget.
 */
export const PAGE_GROWTH_BYTES = 5 * KB
/**
 * The most JavaScript files the pages people open first may wait for before the app starts (their
 * server-rendered text shows without any). Each is a round trip on a slow phone network, six at a
 * time over HTTP/1.1: the signed-in pages needed about fifty before vite.chunks.ts.
 */
export const MAX_FILES = 8
/** The pages people open first: held to MAX_FILES by `npm run size` and by what a phone downloads. */
export const OPENED_FIRST: readonly string[] = [
  '/',
  '/signaler',
  '/organization/available-reports',
  '/admin/reports',
]
/** Source modules no citizen page may download: the back office's code. */
export const NOT_FOR_CITIZENS = /^src\/web\/features\/(admin|organization)\//

export type Area = 'citizen' | 'organization' | 'admin'

/** One JavaScript file the browser downloaded during a visit. */
export interface Download {
  /** Its path on the site (`/assets/app-x1.js`). */
  file: string
  /** The bytes that came over the network (compressed, headers left out). */
  bytes: number
  /** Fetched by the service worker (its copy for offline use) rather than by the page. */
  byWorker: boolean
  /** Requested by the page before its app started: what the start waited for. */
  beforeStart: boolean
  /** The source modules inside it, from the build (`.vite/chunk-modules.json`). */
  modules: string[]
}

export interface PageVisit {
  path: string
  area: Area
  /** One of the pages people open first, held to MAX_FILES. */
  openedFirst: boolean
  /** Everything downloaded until the network was idle. */
  downloads: Download[]
  /** `/` only: what the page itself downloaded before it knew the visitor's position, so before its map. */
  beforeMap?: Download[]
}

/** A page's bytes by built file, the file named without its content hash. */
export type FileBytes = Record<string, number>

/** The figures a budget of a page grows from, and that say which file grew. */
export interface RecordedPage {
  all: FileBytes
  /** `/` only. */
  beforeMap?: FileBytes
}

export interface Baseline {
  /** The day the figures were measured. */
  recorded: string
  pages: Record<string, RecordedPage>
}

export const totalBytes = (downloads: Download[]) => downloads.reduce((sum, d) => sum + d.bytes, 0)
export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`
const sum = (bytes: FileBytes) => Object.values(bytes).reduce((total, n) => total + n, 0)

/** `/assets/index-B2x9_kQa.js` → `index.js`: the same file from one build to the next. */
export const fileName = (file: string) => file.replace(/^.*\//, '').replace(/-[\w-]{8}(\.m?js)$/, '$1')

export function bytesByFile(downloads: Download[]): FileBytes {
  const bytes: FileBytes = {}
  for (const d of downloads) {
    const name = fileName(d.file)
    bytes[name] = (bytes[name] ?? 0) + d.bytes
  }
  return bytes
}

/** What `--record` keeps of a visit of a citizen page. */
export function recordedPage(visit: PageVisit): RecordedPage {
  const all = bytesByFile(visit.downloads)
  return visit.beforeMap ? { all, beforeMap: bytesByFile(visit.beforeMap) } : { all }
}

/** The files that grew, appeared or went since the recorded figures, the largest change first. */
export function whatChanged(now: FileBytes, recorded: FileBytes | undefined): string {
  if (!recorded) return 'no recorded figures to compare with'
  const names = [...new Set([...Object.keys(now), ...Object.keys(recorded)])]
  const changes = names
    .map((name) => ({ name, after: now[name] ?? 0, before: recorded[name] ?? 0 }))
    .filter((change) => Math.abs(change.after - change.before) >= 0.05 * KB)
    .sort((a, b) => b.after - b.before - (a.after - a.before))
  if (changes.length === 0) return 'no file changed by 0.1 KB or more'
  return changes
    .slice(0, 5)
    .map(({ name, after, before }) => {
      const delta = after - before
      const change = `${name} ${delta > 0 ? '+' : '−'}${kb(Math.abs(delta))}`
      if (before === 0) return `${change} (new)`
      if (after === 0) return `${change} (gone)`
      return `${change} (${kb(before)} → ${kb(after)})`
    })
    .join(', ')
}

/** Each budget a visit breaks, in a sentence that names the files that grew; none when it holds. */
export function budgetFailures(visit: PageVisit, baseline: Baseline): string[] {
  const failures: string[] = []
  const startFiles = visit.downloads.filter((d) => d.beforeStart && !d.byWorker).length
  if (visit.openedFirst && startFiles > MAX_FILES)
    failures.push(`${visit.path} waits for ${startFiles} JavaScript files to start: at most ${MAX_FILES}.`)
  if (visit.area !== 'citizen') return failures
  const misplaced = visit.downloads.flatMap((d) => {
    const ids = d.modules.filter((id) => NOT_FOR_CITIZENS.test(id))
    if (ids.length === 0) return []
    const more = ids.length > 3 ? ` and ${ids.length - 3} more` : ''
    return [`${d.file}${d.byWorker ? ' (by the service worker)' : ''}: ${ids.slice(0, 3).join(', ')}${more}`]
  })
  if (misplaced.length > 0)
    failures.push(`${visit.path} downloads back-office code:\n  ${misplaced.join('\n  ')}`)
  const recorded = baseline.pages[visit.path]
  const all = totalBytes(visit.downloads)
  const changed = (now: Download[], then: FileBytes | undefined) =>
    `Changed since ${baseline.recorded}: ${whatChanged(bytesByFile(now), then)}.`
  if (visit.path === '/') {
    const beforeMap = totalBytes(visit.beforeMap ?? [])
    if (beforeMap > HOME_BEFORE_MAP_BYTES)
      failures.push(
        `/ downloads ${kb(beforeMap)} of JavaScript before its map: the budget is ${kb(HOME_BEFORE_MAP_BYTES)}. ${changed(visit.beforeMap ?? [], recorded?.beforeMap)}`,
      )
    if (all > HOME_FIRST_VISIT_BYTES)
      failures.push(
        `A first visit of / downloads ${kb(all)} of JavaScript (${kb(totalBytes(visit.downloads.filter((d) => d.byWorker)))} by the service worker): the budget is ${kb(HOME_FIRST_VISIT_BYTES)}. ${changed(visit.downloads, recorded?.all)}`,
      )
    return failures
  }
  if (!recorded) {
    failures.push(
      `${visit.path} has no recorded figure to hold it to: measure it with \`npm run size:downloads -- --record --page ${visit.path}\`.`,
    )
    return failures
  }
  const budget = sum(recorded.all) + PAGE_GROWTH_BYTES
  if (all > budget)
    failures.push(
      `A first visit of ${visit.path} downloads ${kb(all)} of JavaScript: the budget is ${kb(budget)} (${kb(sum(recorded.all))} on ${baseline.recorded}, plus ${kb(PAGE_GROWTH_BYTES)}). ${changed(visit.downloads, recorded.all)}`,
    )
  return failures
}
