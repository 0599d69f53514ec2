// `npm run size`: the compressed JavaScript and CSS each page of the route table (src/web/app/routes.ts) needs before
// anything it loads later (the map, other screens), read from the Vite manifest of `npm run build`
// in seconds, without a browser. Fails when the build lost one of the route modules (the server
// lists a page's files from their names), when a citizen page needs organisation or admin code
// (or Leaflet before its first paint), or when one of the pages people open first needs more than
// MAX_FILES files. The byte budgets are those of what a phone downloads, service worker included
// (size-budget.ts, held in `npm test` by e2e/downloads.spec.ts): this table only shows the figures.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { areaOf, HOME_FILE, ROUTES, type RouteConfigEntry } from '../../src/web/app/routes'
import { kb, MAX_FILES, NOT_FOR_CITIZENS, OPENED_FIRST } from './size-budget'

// `npm run size -- --dir dist/web-x` for a build of one's own.
const { values: args } = parseArgs({ options: { dir: { type: 'string', default: 'dist/web' } } })
const DIST = path.resolve(args.dir ?? 'dist/web')
/**
 * What the home page fetches after its first paint to finish rendering (home-page.tsx, home-map.tsx):
 * its map's preview, its lists and its footer. Leaflet comes when the visitor touches the map.
 */
const HOME_AFTER_PAINT = [
  'src/web/features/home/components/home-map-preview.tsx',
  'src/web/features/home/components/recent-reports.tsx',
  'src/web/features/home/components/map-report-list.tsx',
  'src/web/components/layout/site-footer.tsx',
]
/** Source files no citizen page may need before its first paint. */
const NOT_FOR_CITIZENS_FIRST_PAINT = [NOT_FOR_CITIZENS, /^node_modules\/leaflet/]

interface Chunk {
  file: string
  imports?: string[]
  css?: string[]
}

function readJson<T>(file: string, missing: string): T {
  try {
    return JSON.parse(readFileSync(path.join(DIST, file), 'utf8')) as T
  } catch {
    console.error(missing)
    process.exit(1)
  }
}

/** Each page's full path and the route modules it goes through, outermost first. */
function pagesOf(
  routes: RouteConfigEntry[],
  parentPath = '',
  parents: string[] = [],
): { path: string; files: string[] }[] {
  return routes.flatMap((entry) => {
    const path = entry.path ? `${parentPath}/${entry.path}`.replace(/\/+/g, '/') : parentPath || '/'
    const files = [...parents, entry.file]
    if (entry.children) return pagesOf(entry.children, path === '/' ? '' : path, files)
    return entry.path === '*' ? [] : [{ path, files }]
  })
}

const manifest = readJson<Record<string, Chunk>>(
  '.vite/manifest.json',
  'No build manifest: run `npm run build` first.',
)
// Written by the chunk-modules plugin of vite.config.ts.
const chunkModules = readJson<Record<string, string[]>>(
  '.vite/chunk-modules.json',
  'No .vite/chunk-modules.json in the build: run `npm run build` again.',
)

/** Chunks and everything they import statically: what loads before the screen can show. */
function staticClosure(keys: string[]): Chunk[] {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const child of manifest[key].imports ?? []) visit(child)
  }
  for (const key of keys) visit(key)
  return [...seen].flatMap((key) => manifest[key] ?? [])
}

function sizes(files: string[]) {
  let gzip = 0
  let brotli = 0
  for (const file of files) {
    const bytes = readFileSync(path.join(DIST, file))
    gzip += gzipSync(bytes, { level: 9 }).length
    brotli += brotliCompressSync(bytes).length
  }
  return { gzip, brotli }
}

/** The manifest's key of the built file that holds a source module (a screen, or a shared file). */
function manifestKeyHolding(module: string): string | undefined {
  if (manifest[module]) return module
  const file = Object.entries(chunkModules).find(([, modules]) => modules.includes(module))?.[0]
  return Object.entries(manifest).find(([, chunk]) => chunk.file === file)?.[0]
}

const jsOf = (chunks: Chunk[]) => chunks.map((c) => c.file).filter((f) => f.endsWith('.js'))
const failures: string[] = []

console.log('page                                JS gzip   (brotli)   CSS gzip   files')
for (const page of pagesOf(ROUTES)) {
  // The home page's module is in the entry (index.html), not a file of its own.
  const screens = page.files.filter((file) => file !== HOME_FILE).map((file) => `src/web/${file}.tsx`)
  const lost = screens.filter((key) => !manifest[key])
  if (lost.length > 0) {
    // The server lists a page's files from these names: a screen missing here is fetched late.
    failures.push(`${page.path}: the build names no file for ${lost.join(', ')}`)
    continue
  }
  const chunks = staticClosure(['index.html', ...screens])
  const js = jsOf(chunks)
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))]
  const jsSize = sizes(js)
  console.log(
    `${page.path.padEnd(35)} ${kb(jsSize.gzip).padStart(8)}  (${kb(jsSize.brotli).padStart(8)})  ${kb(sizes(css).gzip).padStart(8)}   ${js.length} js, ${css.length} css`,
  )
  if (OPENED_FIRST.includes(page.path) && js.length > MAX_FILES)
    failures.push(`${page.path} needs ${js.length} JavaScript files: at most ${MAX_FILES}.`)
  if (areaOf(page.files.at(-1) ?? '') === 'citizen') {
    const misplaced = js.flatMap((file) =>
      (chunkModules[file] ?? []).filter((id) =>
        NOT_FOR_CITIZENS_FIRST_PAINT.some((pattern) => pattern.test(id)),
      ),
    )
    if (misplaced.length > 0)
      failures.push(`${page.path} needs what a citizen page must not:\n  ${misplaced.join('\n  ')}`)
  }
  if (page.path !== '/') continue
  const afterPaint = HOME_AFTER_PAINT.map(manifestKeyHolding)
  const lostParts = HOME_AFTER_PAINT.filter((_, i) => !afterPaint[i])
  if (lostParts.length > 0) {
    failures.push(`/: the build names no file for ${lostParts.join(', ')}`)
    continue
  }
  const rendered = sizes(jsOf(staticClosure(['index.html', ...(afterPaint as string[])])))
  console.log(
    `${'/ with its map and lower parts'.padEnd(35)} ${kb(rendered.gzip).padStart(8)}  (${kb(rendered.brotli).padStart(8)})`,
  )
}
for (const failure of failures) console.error(failure)
process.exit(failures.length > 0 ? 1 : 0)
