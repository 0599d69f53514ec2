// `npm run size`: the compressed JavaScript and CSS each top route needs before anything it
// loads later (the map, other screens). Reads the Vite manifest of `npm run build`. Fails when
// `/` needs more than 140 KB of gzipped JavaScript before the map, or when what it needs before
// the map holds organisation or admin code, or Leaflet (loaded after the first paint); fails too
// when a route needs more than MAX_FILES files, or when the manifest lost one of its screens.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { brotliCompressSync, gzipSync } from 'node:zlib'

// `npm run size -- --dir dist/web-x` for a build of one's own.
const { values: args } = parseArgs({ options: { dir: { type: 'string', default: 'dist/web' } } })
const DIST = path.resolve(args.dir)
// React DOM included (issue 16): the budget of the page that React draws on the server.
const HOME_BUDGET_BYTES = 140 * 1024
/**
 * The most JavaScript files a top route may need. Each is a round trip on a slow phone network,
 * six at a time over HTTP/1.1: the signed-in pages needed about fifty before vite.chunks.ts.
 */
const MAX_FILES = 8
/**
 * Source files that must never be in what `/` loads first. The areas' route tables
 * (`features/<area>/routes.tsx`) are: they only name the screens, each loaded on demand.
 */
const NOT_ON_HOME = [/^src\/web\/features\/(admin|organization)\/(?!routes\.tsx$)/, /^node_modules\/leaflet/]

/** Each route's screen modules, outermost first, as the router loads them. */
const ROUTES = {
  // The home screen is part of the entry chunk.
  '/': [],
  '/signaler': ['src/web/features/citizen/report-form/report-page.tsx'],
  '/organization/available-reports': [
    'src/web/app/routes/french-only.tsx',
    'src/web/features/organization/layout/organization-layout.tsx',
    'src/web/features/organization/available-reports/available-reports-page.tsx',
  ],
  '/admin/reports': [
    'src/web/app/routes/french-only.tsx',
    'src/web/features/admin/layout/admin-layout.tsx',
    'src/web/features/admin/reports/admin-reports-page.tsx',
  ],
}

let manifest
try {
  manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'))
} catch {
  console.error('No build manifest: run `npm run build` first.')
  process.exit(1)
}

/** A chunk and everything it imports statically: what loads before the screen can show. */
function staticClosure(keys) {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const child of manifest[key].imports ?? []) visit(child)
  }
  for (const key of keys) visit(key)
  return seen
}

function sizes(files) {
  let raw = 0
  let gzip = 0
  let brotli = 0
  for (const file of files) {
    const bytes = readFileSync(path.join(DIST, file))
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 9 }).length
    brotli += brotliCompressSync(bytes).length
  }
  return { raw, gzip, brotli }
}

// Written by the chunk-modules plugin of vite.config.ts.
let chunkModules
try {
  chunkModules = JSON.parse(readFileSync(path.join(DIST, '.vite/chunk-modules.json'), 'utf8'))
} catch {
  console.error('No .vite/chunk-modules.json in the build: run `npm run build` again.')
  process.exit(1)
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`
let failed = false
console.log('route                               JS gzip   (brotli)   CSS gzip   files')
for (const [route, screens] of Object.entries(ROUTES)) {
  const present = screens.filter((key) => manifest[key])
  if (present.length !== screens.length) {
    // The server lists a page's files from these names: a screen missing here is fetched late.
    console.error(
      `${route}: the manifest names no file for ${screens.filter((key) => !manifest[key]).join(', ')}`,
    )
    failed = true
    continue
  }
  const chunks = [...staticClosure(['index.html', ...present])].map((key) => manifest[key])
  const js = chunks.map((c) => c.file).filter((f) => f.endsWith('.js'))
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))]
  const jsSize = sizes(js)
  const cssSize = sizes(css)
  console.log(
    `${route.padEnd(35)} ${kb(jsSize.gzip).padStart(8)}  (${kb(jsSize.brotli).padStart(8)})  ${kb(cssSize.gzip).padStart(8)}   ${js.length} js, ${css.length} css`,
  )
  if (route === '/' && jsSize.gzip > HOME_BUDGET_BYTES) {
    console.error(
      `/ needs ${kb(jsSize.gzip)} of gzipped JavaScript before the map: the budget is ${kb(HOME_BUDGET_BYTES)}.`,
    )
    failed = true
  }
  if (js.length > MAX_FILES) {
    console.error(`${route} needs ${js.length} JavaScript files: at most ${MAX_FILES}.`)
    failed = true
  }
  if (route === '/') {
    const misplaced = js.flatMap((file) =>
      (chunkModules[file] ?? []).filter((id) => NOT_ON_HOME.some((pattern) => pattern.test(id))),
    )
    if (misplaced.length > 0) {
      console.error(`/ loads before the map what it must not:\n  ${misplaced.join('\n  ')}`)
      failed = true
    }
  }
}
process.exit(failed ? 1 : 0)
