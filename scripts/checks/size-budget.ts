// The budgets `npm run size` holds (size.ts measures, this judges): pure, so that it is tested alone.

export const KB = 1024
/** What `/` may download for itself (its app, lists and footer) before its map (issue 16, React DOM included). */
export const HOME_BEFORE_MAP_BYTES = 140 * KB
/** Everything a first visit of `/` downloads, the service worker's copy for offline use included. */
export const HOME_FIRST_VISIT_BYTES = 200 * KB
/**
 * The most JavaScript files the pages people open first may wait for before the app starts (their
 * server-rendered text shows without any). Each is a round trip on a slow phone network, six at a
 * time over HTTP/1.1: the signed-in pages needed about fifty before vite.chunks.ts.
 */
export const MAX_FILES = 8
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

export const totalBytes = (downloads: Download[]) => downloads.reduce((sum, d) => sum + d.bytes, 0)
export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`

/** Each budget a visit breaks, in a sentence; none when it holds. */
export function budgetFailures(visit: PageVisit): string[] {
  const failures: string[] = []
  const startFiles = visit.downloads.filter((d) => d.beforeStart && !d.byWorker).length
  if (visit.openedFirst && startFiles > MAX_FILES)
    failures.push(`${visit.path} waits for ${startFiles} JavaScript files to start: at most ${MAX_FILES}.`)
  if (visit.area === 'citizen') {
    const misplaced = visit.downloads.flatMap((d) => {
      const ids = d.modules.filter((id) => NOT_FOR_CITIZENS.test(id))
      if (ids.length === 0) return []
      const more = ids.length > 3 ? ` and ${ids.length - 3} more` : ''
      return [
        `${d.file}${d.byWorker ? ' (by the service worker)' : ''}: ${ids.slice(0, 3).join(', ')}${more}`,
      ]
    })
    if (misplaced.length > 0)
      failures.push(`${visit.path} downloads back-office code:\n  ${misplaced.join('\n  ')}`)
  }
  if (visit.path !== '/') return failures
  const beforeMap = totalBytes(visit.beforeMap ?? [])
  if (beforeMap > HOME_BEFORE_MAP_BYTES)
    failures.push(
      `/ downloads ${kb(beforeMap)} of JavaScript before its map: the budget is ${kb(HOME_BEFORE_MAP_BYTES)}.`,
    )
  const all = totalBytes(visit.downloads)
  if (all > HOME_FIRST_VISIT_BYTES)
    failures.push(
      `A first visit of / downloads ${kb(all)} of JavaScript (${kb(totalBytes(visit.downloads.filter((d) => d.byWorker)))} by the service worker): the budget is ${kb(HOME_FIRST_VISIT_BYTES)}.`,
    )
  return failures
}
