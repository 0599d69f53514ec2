// What a phone downloads on a first visit of a page, measured in Debian's Chromium: the built app on
// a throwaway database filled with the demo data; each page opens in a fresh browser context (no
// cache, the service worker allowed, as on a phone) and is left until the network is idle. The
// bytes are those that came over the network, gzipped as the server sends them, the service
// worker's copy for offline use included. Used by `npm run size:downloads` (downloads.ts) and by
// the browser test that holds the budgets in `npm test` (e2e/downloads.spec.ts).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { desc } from 'drizzle-orm'
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core'
import type { LoginInput } from '../../src/domain/auth'
import { reports } from '../../src/server/db/schema'
import { loadDemoData } from '../../src/server/seed/demo'
import { DEMO_ORGANIZATION_PASSWORD, DEMO_ORGANIZATIONS } from '../../src/server/seed/demo-data'
import { startThrowawayServer } from '../../src/server/test/throwaway-server'
import { logIn } from './log-in'
import { type Area, type Download, OPENED_FIRST, type PageVisit } from './size-budget'

const ADMIN = { username: 'admin', password: 'size-check-password' }
const ORGANIZATION: LoginInput = {
  userType: 'organization',
  email: DEMO_ORGANIZATIONS[0]?.email ?? '',
  password: DEMO_ORGANIZATION_PASSWORD,
}
/** Where the phone says it is, once `/` has been measured before its map. */
const DAKAR = { latitude: 14.6928, longitude: -17.4467 }
/** The network counts as idle after this long without a request under way (Playwright's own measure). */
const IDLE_MS = 500
const SETTLE_TIMEOUT_MS = 30_000

export interface PageToVisit {
  path: string
  area: Area
  login?: LoginInput
}

/** A plain list rather than the app's route table, so that the check outlives a change of router. */
export const PAGES: PageToVisit[] = [
  { path: '/', area: 'citizen' },
  { path: '/signaler', area: 'citizen' },
  { path: '/mes-signalements', area: 'citizen' },
  { path: '/notifications', area: 'citizen' },
  { path: '/suivi', area: 'citizen' },
  { path: '/signalements/:id', area: 'citizen' },
  { path: '/statistiques', area: 'citizen' },
  { path: '/a-propos', area: 'citizen' },
  { path: '/organization/login', area: 'organization' },
  { path: '/organization/signup', area: 'organization' },
  { path: '/organization/dashboard', area: 'organization', login: ORGANIZATION },
  { path: '/organization/available-reports', area: 'organization', login: ORGANIZATION },
  { path: '/organization/managed-reports', area: 'organization', login: ORGANIZATION },
  { path: '/organization/tournee', area: 'organization', login: ORGANIZATION },
  { path: '/admin/login', area: 'admin' },
  { path: '/admin/dashboard', area: 'admin', login: { userType: 'admin', ...ADMIN } },
  { path: '/admin/reports', area: 'admin', login: { userType: 'admin', ...ADMIN } },
  { path: '/admin/organizations', area: 'admin', login: { userType: 'admin', ...ADMIN } },
]

/**
 * Records the JavaScript the context downloads, the page's and its service worker's, and says
 * when no request has been under way for IDLE_MS.
 */
function watchNetwork(context: BrowserContext, chunkModules: Record<string, string[]>) {
  const downloads: Download[] = []
  const encodings = new Set<string>()
  const underWay = new Set<Request>()
  let lastChange = Date.now()
  const settle = (request: Request) => {
    underWay.delete(request)
    lastChange = Date.now()
  }
  context.on('request', (request) => {
    // The signed-in pages' live events stay open as long as the page.
    if (request.resourceType() === 'eventsource') return
    underWay.add(request)
    lastChange = Date.now()
  })
  context.on('requestfailed', settle)
  context.on('requestfinished', async (request) => {
    try {
      const response = await request.response()
      const file = new URL(request.url()).pathname
      // A page's request the worker answered: counted once, as the worker's own (if it went out).
      if (!response || response.fromServiceWorker() || !/\.m?js$/.test(file)) return
      // Less than its headers when the HTTP cache answered (a worker's copy of a file the page had).
      const responseBodySize = Math.max(0, (await request.sizes()).responseBodySize)
      if (responseBodySize > 0) encodings.add(response.headers()['content-encoding'] ?? 'none')
      downloads.push({
        file,
        bytes: responseBodySize,
        byWorker: request.serviceWorker() !== null,
        beforeStart: false,
        modules: chunkModules[file.slice(1)] ?? [],
      })
    } finally {
      settle(request)
    }
  })
  return {
    downloads,
    encodings,
    async idle() {
      const start = Date.now()
      while (underWay.size > 0 || Date.now() - lastChange < IDLE_MS) {
        if (Date.now() - start > SETTLE_TIMEOUT_MS) {
          const waiting = [...underWay].map((r) => r.url()).join(', ')
          throw new Error(`the network was still busy after ${SETTLE_TIMEOUT_MS / 1000} s: ${waiting}`)
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  }
}

/** Holds the position's answer until the page is measured before its map (the map waits for it). */
function holdPosition() {
  const waiting: PositionCallback[] = []
  navigator.geolocation.getCurrentPosition = (answer) => void waiting.push(answer)
  Object.assign(window, {
    givePosition(latitude: number, longitude: number) {
      const coords = { latitude, longitude, accuracy: 20, altitude: null, altitudeAccuracy: null }
      for (const answer of waiting.splice(0))
        answer({ coords, timestamp: Date.now() } as unknown as GeolocationPosition)
    },
  })
}

/**
 * Notes when the app has taken the server-rendered page over (main.tsx sets `data-app-ready` on
 * the root): the scripts requested until then are those its start waited for.
 */
function noteAppReady() {
  new MutationObserver((_, observer) => {
    if (!document.documentElement.hasAttribute('data-app-ready')) return
    performance.mark('app-ready')
    observer.disconnect()
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] })
}

/** The page's files requested before the app started (or, if it never says, before the load event). */
function filesBeforeStart(): string[] {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  const ready = performance.getEntriesByName('app-ready')[0]?.startTime ?? navigation?.loadEventEnd ?? 0
  return performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime < ready)
    .map((entry) => new URL(entry.name).pathname)
}

/** Waits until the service worker is active: its install has kept the files for offline use. */
async function workerReady(page: Page) {
  await page.evaluate(
    (ms) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => undefined),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('no service worker became active')), ms),
        ),
      ]),
    SETTLE_TIMEOUT_MS,
  )
}

async function visit(
  browser: Browser,
  base: string,
  target: PageToVisit,
  url: string,
  chunkModules: Record<string, string[]>,
) {
  const home = target.path === '/'
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    // The budgets are in gzip, which every browser takes; Chromium would get brotli, smaller.
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    ...(home ? {} : { geolocation: DAKAR, permissions: ['geolocation'] }),
  })
  try {
    await context.addInitScript(noteAppReady)
    if (home) await context.addInitScript(holdPosition)
    const page = await context.newPage()
    if (target.login) {
      // A small file of the same origin to sign in from: the app's scripts are not fetched yet.
      await page.goto(`${base}/favicon.svg`)
      await logIn(page, target.login)
    }
    const network = watchNetwork(context, chunkModules)
    const response = await page.goto(url, { waitUntil: 'load' })
    if (!response?.ok()) throw new Error(`${target.path} answered ${response?.status()}`)
    await workerReady(page)
    await network.idle()
    const startFiles = new Set(await page.evaluate(filesBeforeStart))
    for (const d of network.downloads) d.beforeStart = !d.byWorker && startFiles.has(d.file)
    let beforeMap: Download[] | undefined
    if (home) {
      beforeMap = network.downloads.filter((d) => !d.byWorker)
      await page.evaluate(({ latitude, longitude }) => {
        ;(window as unknown as { givePosition(la: number, lo: number): void }).givePosition(
          latitude,
          longitude,
        )
      }, DAKAR)
      await page.getByRole('button', { name: /carte interactive/i }).waitFor({ timeout: SETTLE_TIMEOUT_MS })
      await network.idle()
    }
    const measured: PageVisit = {
      path: target.path,
      area: target.area,
      openedFirst: OPENED_FIRST.includes(target.path),
      downloads: [...network.downloads],
      beforeMap,
    }
    return { visit: measured, encodings: network.encodings }
  } finally {
    await context.close()
  }
}

export interface DownloadsMeter {
  /** A first visit of one page of PAGES, until the network is idle. */
  measure(target: PageToVisit): Promise<PageVisit>
  /** The content encodings the measured files came in (gzip, or none for a tiny file). */
  encodings: Set<string>
  stop(): Promise<void>
}

/** Starts the built app in `webDir` on the demo data, and a Chromium to visit its pages with. */
export async function startDownloadsMeter(options: {
  webDir: string
  chromePath: string
}): Promise<DownloadsMeter> {
  const webDir = path.resolve(options.webDir)
  if (!existsSync(path.join(webDir, 'index.html')))
    throw new Error(`No build in ${webDir}: run \`npm run build\` first.`)
  // Written by the chunk-modules plugin of vite.config.ts: the source modules inside each built file.
  const modulesFile = path.join(webDir, '.vite/chunk-modules.json')
  if (!existsSync(modulesFile))
    throw new Error(`No ${modulesFile}: build again with vite.config.ts's chunk-modules plugin.`)
  const chunkModules = JSON.parse(readFileSync(modulesFile, 'utf8')) as Record<string, string[]>
  const server = await startThrowawayServer({ webDir, admin: ADMIN, prepare: (db) => loadDemoData(db) })
  const browser = await chromium
    .launch({
      executablePath: options.chromePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    })
    .catch(async (error: unknown) => {
      await server.stop()
      throw error
    })
  const [newest] = await server.db.db
    .select({ id: reports.id })
    .from(reports)
    .orderBy(desc(reports.created_at))
    .limit(1)
  const encodings = new Set<string>()
  return {
    encodings,
    async measure(target) {
      const url = `${server.url}${target.path.replace(':id', String(newest?.id ?? 1))}`
      const measured = await visit(browser, server.url, target, url, chunkModules)
      for (const encoding of measured.encodings) encodings.add(encoding)
      return measured.visit
    },
    async stop() {
      await browser.close()
      await server.stop()
    },
  }
}
