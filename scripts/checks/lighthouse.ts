// `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) on the top routes of a
// server filled with the demo data, in Debian's Chromium, 5 runs each (`--runs`). Prints the
// medians of score, LCP, CLS, TBT and bytes with their spread (lowest–highest), each goal met or
// not, and the machine's speed as Lighthouse rates it (benchmarkIndex): total blocking time moves
// with the processor, so a page is also measured beside another site in the same run
// (`--compare`, its home page audited in turns with ours). A measure, never a test: it does not
// fail on a score.
//
//   npm run build && npm run lighthouse
//   npm run lighthouse -- --web-dir dist/web-x --out /tmp/lighthouse.md --reports-dir /tmp/lh --chrome /usr/bin/chromium
//   npm run lighthouse -- --route / --route /signaler --runs 3
//   npm run lighthouse -- --route / --language wo          # the citizen pages server-rendered in Wolof
//   npm run lighthouse -- --route / --compare ../sen-alerte/dist --compare-name SenAlerte
//   npm run lighthouse -- --route / --before /tmp/main-build/dist/web   # a change, before and after
//
// `--before` audits an earlier build of ours (built from another checkout) in turns with this one,
// route by route: a change's effect, apart from the machine's own drift.
//
// `--compare` serves a site's build (a folder with its index.html, every unknown path answered
// with it, as single-page apps are hosted) on this machine; SenAlerte's, for instance:
// `git clone https://github.com/Digital-master-solutions/sen-alerte && cd sen-alerte && npm ci && npx vite build`.
//
// Each run is in a fresh browser profile; for the signed-in routes the profile first logs in as
// the login screen does (the session cookie, and the session in localStorage), so that the server
// renders the page for that session.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { parseArgs } from 'node:util'
import fastifyStatic from '@fastify/static'
import Fastify from 'fastify'
import lighthouse from 'lighthouse'
import { chromium, type Page } from 'playwright-core'
import type { LoginInput } from '../../src/domain/auth'
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  STORE_NAMES,
} from '../../src/domain/constants'
import { DEMO_ORGANIZATION_PASSWORD, DEMO_ORGANIZATIONS } from '../../src/server/seed/demo-data'
import { freePort } from '../../src/server/test/server-process'
import { logIn } from './log-in'

const { values: args } = parseArgs({
  options: {
    'web-dir': { type: 'string', default: 'dist/web' },
    chrome: { type: 'string', default: '/usr/bin/chromium' },
    out: { type: 'string' },
    /** A folder for each route's full Lighthouse report (JSON), to see what slows it. */
    'reports-dir': { type: 'string' },
    /** Only these routes (repeatable), e.g. `--route / --route /signaler`. */
    route: { type: 'string', multiple: true },
    runs: { type: 'string', default: '5' },
    /** The citizen pages in this language (fr, en, wo), as a visitor who chose it sees them. */
    language: { type: 'string', default: DEFAULT_LANGUAGE },
    /** Another site's build, whose home page is audited in turns with ours (`/` only). */
    compare: { type: 'string' },
    'compare-name': { type: 'string' },
    /** An earlier build of ours (a folder like dist/web), audited in turns with this one. */
    before: { type: 'string' },
  },
})
const chosen = LANGUAGES.find((known) => known === args.language)
if (!chosen) {
  console.error(`--language must be one of ${LANGUAGES.join(', ')}`)
  process.exit(1)
}
const language: Language = chosen

/** The goals of issue 16: signed-in pages, now server-rendered, have a tighter LCP. */
const GOALS = { score: 95, lcpMs: 1800, signedInLcpMs: 1500, cls: 0.05, tbtMs: 200 }
const RUNS = Math.max(1, Number(args.runs) || 5)
const ADMIN = { username: 'admin', password: randomBytes(12).toString('hex') }

const ROUTES: { path: string; login?: LoginInput }[] = [
  { path: '/' },
  { path: '/signaler' },
  {
    path: '/organization/available-reports',
    login: {
      userType: 'organization',
      email: DEMO_ORGANIZATIONS[0]?.email ?? '',
      password: DEMO_ORGANIZATION_PASSWORD,
    },
  },
  { path: '/admin/reports', login: { userType: 'admin', ...ADMIN } },
]

interface Figures {
  route: string
  benchmarkIndex: number
  score: number
  fcpMs: number
  lcpMs: number
  cls: number
  tbtMs: number
  bytes: number
  requests: number
}

/**
 * The demo server in its own process (scripts/development/demo-server.ts of `checkout`): the first
 * line it prints says where. An earlier build is served by its own checkout's server, which knows
 * how to load it.
 */
async function startDemoServer(
  dir: string,
  checkout = process.cwd(),
): Promise<{ url: string; reports: number; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/development/demo-server.ts', '--web-dir', dir],
    {
      cwd: checkout,
      env: { ...process.env, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const [line] = (await once(createInterface({ input: child.stdout as Readable }), 'line')) as [string]
  const { url, reports } = JSON.parse(line) as { url: string; reports: number }
  return {
    url,
    reports,
    stop: async () => {
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}

/** The settings a visitor who chose `language` has, and the cookie its pages' first script wrote. */
async function chooseLanguage(page: Page, language: Language) {
  await page.evaluate(
    ([storeName, language]) => {
      const display = { theme: 'system', language, fontSize: 'medium', animations: true }
      localStorage.setItem(storeName, JSON.stringify({ state: { display }, version: 1 }))
    },
    [STORE_NAMES.settings, language] as const,
  )
  // For every path of the site (a cookie set for the favicon's address would be sent to it alone),
  // and kept a year as the pages' first script keeps it: a session cookie would end with this tab,
  // the pages would be server-rendered in French and hidden until the app has translated them.
  const { hostname } = new URL(page.url())
  const expires = Math.round(Date.now() / 1000) + 365 * 24 * 3600
  await page
    .context()
    .addCookies([{ name: LANGUAGE_COOKIE, value: language, domain: hostname, path: '/', expires }])
}

/** A site's build served as single-page apps are: its files, and its index.html for any other path. */
async function serveBuild(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const app = Fastify()
  await app.register(fastifyStatic, { root: dir })
  app.setNotFoundHandler((_request, reply) => reply.sendFile('index.html'))
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { url, stop: () => app.close() }
}

/** A route's name for its report files (`--reports-dir`): "home", "admin-reports"… */
function reportName(route: (typeof ROUTES)[number]): string {
  return route.path === '/' ? 'home' : route.path.slice(1).replaceAll('/', '-')
}

async function audit(
  base: string,
  route: (typeof ROUTES)[number],
  run: number,
  name = reportName(route),
): Promise<Figures> {
  const profile = mkdtempSync(path.join(tmpdir(), 'ua-lighthouse-profile-'))
  const port = await freePort()
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: args.chrome,
    headless: true,
    args: ['--headless=new', '--no-sandbox', `--remote-debugging-port=${port}`],
  })
  try {
    const chosenLanguage = language !== DEFAULT_LANGUAGE && !route.login
    if (route.login || chosenLanguage) {
      // A small file of the same origin: the app's scripts stay out of the browser's cache.
      const page = browser.pages()[0] ?? (await browser.newPage())
      await page.goto(`${base}/favicon.svg`)
      if (route.login) await logIn(page, route.login)
      if (chosenLanguage) await chooseLanguage(page, language)
      await page.close()
    }
    const result = await lighthouse(`${base}${route.path}`, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      // Lighthouse empties the origin's storage first; a signed-in route needs its session, a
      // chosen language its settings.
      disableStorageReset: Boolean(route.login) || chosenLanguage,
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${route.path}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`${route.path}: ${lhr.runtimeError.message}`)
    if (args['reports-dir']) {
      mkdirSync(args['reports-dir'], { recursive: true })
      writeFileSync(path.join(args['reports-dir'], `${name}-${run}.json`), JSON.stringify(lhr, null, 1))
      // The page load's trace, for Chromium's performance panel: what each long task did.
      writeFileSync(
        path.join(args['reports-dir'], `${name}-${run}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      )
    }
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const requests = lhr.audits['network-requests']?.details
    return {
      route: route.path,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbtMs: value('total-blocking-time'),
      bytes: value('total-byte-weight'),
      requests: requests && 'items' in requests ? requests.items.length : 0,
    }
  } finally {
    await browser.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT MET')

/** The median of the runs, and their spread. */
function summary(values: number[]): { median: number; low: number; high: number } {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
  return { median, low: sorted[0] ?? 0, high: sorted.at(-1) ?? 0 }
}

interface Medians {
  site: string
  route: string
  signedIn: boolean
  runs: number
  figures: Record<Exclude<keyof Figures, 'route'>, ReturnType<typeof summary>>
}

function mediansOf(site: string, route: (typeof ROUTES)[number], runs: Figures[]): Medians {
  const of = (key: Exclude<keyof Figures, 'route'>) => summary(runs.map((run) => run[key]))
  return {
    site,
    route: route.path,
    signedIn: Boolean(route.login),
    runs: runs.length,
    figures: {
      benchmarkIndex: of('benchmarkIndex'),
      score: of('score'),
      fcpMs: of('fcpMs'),
      lcpMs: of('lcpMs'),
      cls: of('cls'),
      tbtMs: of('tbtMs'),
      bytes: of('bytes'),
      requests: of('requests'),
    },
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(2)
const spread = (s: ReturnType<typeof summary>, format: (n: number) => string, unit = '') =>
  `${format(s.median)}${unit} (${format(s.low)}–${format(s.high)})`

function table(rows: Medians[]): string[] {
  return [
    '| site | route | runs | score | FCP | LCP | CLS | TBT | bytes (requests) | benchmarkIndex | goals |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(({ site, route, signedIn, runs, figures: f }) => {
      const lcpGoal = signedIn ? GOALS.signedInLcpMs : GOALS.lcpMs
      const ok =
        f.score.median >= GOALS.score &&
        f.lcpMs.median <= lcpGoal &&
        f.cls.median <= GOALS.cls &&
        f.tbtMs.median <= GOALS.tbtMs
      return `| ${site} | ${route} | ${runs} | ${spread(f.score, String)} | ${spread(f.fcpMs, seconds, ' s')} | ${spread(f.lcpMs, seconds, ' s')} | ${spread(f.cls, (n) => n.toFixed(3))} | ${spread(f.tbtMs, (n) => n.toFixed(0), ' ms')} | ${(f.bytes.median / 1024).toFixed(1)} KB (${f.requests.median}) | ${f.benchmarkIndex.median.toFixed(0)} | ${met(ok)} |`
    }),
  ]
}

/**
 * Lighthouse now and then loses its trace of the page load (NO_NAVSTART, "run Lighthouse again"):
 * that run is made again, once; any other failure stops the measure.
 */
async function auditAgainOnTraceFailure(
  base: string,
  route: (typeof ROUTES)[number],
  run: number,
  name?: string,
) {
  try {
    return await audit(base, route, run, name)
  } catch (error) {
    if (!String(error).includes('NO_NAVSTART')) throw error
    console.log(`${route.path.padEnd(34)} run ${run}  trace lost (NO_NAVSTART): run again`)
    return audit(base, route, run, name)
  }
}

const webDir = path.resolve(String(args['web-dir']))
if (!existsSync(path.join(webDir, 'index.html'))) {
  console.error(`${webDir} holds no build: run \`npm run build\` first (or pass --web-dir).`)
  process.exit(1)
}
const compareDir = args.compare ? path.resolve(args.compare) : null
if (compareDir && !existsSync(path.join(compareDir, 'index.html'))) {
  console.error(`${compareDir} holds no index.html: pass the folder of the other site's build.`)
  process.exit(1)
}
const beforeDir = args.before ? path.resolve(args.before) : null
if (beforeDir && !existsSync(path.join(beforeDir, 'index.html'))) {
  console.error(`${beforeDir} holds no build: pass the dist/web folder of the earlier build.`)
  process.exit(1)
}
/** The checkout a build folder (`<checkout>/dist/web`) was built in, if it has its own demo server. */
function checkoutOf(dir: string): string | undefined {
  const checkout = path.resolve(dir, '..', '..')
  return existsSync(path.join(checkout, 'scripts/development/demo-server.ts')) ? checkout : undefined
}
const compareName = args['compare-name'] ?? (compareDir ? path.basename(path.dirname(compareDir)) : '')
const SITE = 'Alertes urbaines'
const SITE_BEFORE = 'Alertes urbaines, avant'

function printRun(site: string, run: number, measured: Figures) {
  console.log(
    `${site.padEnd(17)} ${measured.route.padEnd(32)} run ${run}  score ${String(measured.score).padStart(3)}  LCP ${seconds(measured.lcpMs)} s  CLS ${measured.cls.toFixed(3)}  TBT ${measured.tbtMs.toFixed(0)} ms  ${(measured.bytes / 1024).toFixed(1)} KB  benchmarkIndex ${measured.benchmarkIndex.toFixed(0)}`,
  )
}

const server = await startDemoServer(webDir)
const earlier = beforeDir ? await startDemoServer(beforeDir, checkoutOf(beforeDir)) : null
const other = compareDir ? await serveBuild(compareDir) : null
console.log(
  `demo server on ${server.url} (${server.reports} demo reports)${earlier ? `, the earlier build on ${earlier.url}` : ''}${other ? `, ${compareName} on ${other.url}` : ''}, Chromium ${args.chrome}, pages in ${language}`,
)
const rows: Medians[] = []
try {
  for (const route of ROUTES.filter(({ path }) => !args.route || args.route.includes(path))) {
    const ours: Figures[] = []
    const oursBefore: Figures[] = []
    const theirs: Figures[] = []
    // In turns, run after run: a machine that slows down slows both alike.
    for (let run = 1; run <= RUNS; run++) {
      const measured = await auditAgainOnTraceFailure(server.url, route, run)
      ours.push(measured)
      printRun(SITE, run, measured)
      if (earlier) {
        const measuredBefore = await auditAgainOnTraceFailure(
          earlier.url,
          route,
          run,
          `before-${reportName(route)}`,
        )
        oursBefore.push(measuredBefore)
        printRun(SITE_BEFORE, run, measuredBefore)
      }
      if (other && route.path === '/') {
        const compared = await auditAgainOnTraceFailure(other.url, route, run, `compared-${compareName}`)
        theirs.push(compared)
        printRun(compareName, run, compared)
      }
    }
    rows.push(mediansOf(SITE, route, ours))
    if (oursBefore.length > 0) rows.push(mediansOf(SITE_BEFORE, route, oursBefore))
    if (theirs.length > 0) rows.push(mediansOf(compareName, route, theirs))
  }
} finally {
  await server.stop()
  await earlier?.stop()
  await other?.stop()
}
const lines = [
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, default simulated throttling, medians of ${RUNS} runs (lowest–highest), citizen pages in ${language}; goals: score ≥ ${GOALS.score}, LCP ≤ ${GOALS.lcpMs / 1000} s (signed-in pages ≤ ${GOALS.signedInLcpMs / 1000} s), TBT ≤ ${GOALS.tbtMs} ms, CLS ≤ ${GOALS.cls}.`,
  '',
  ...table(rows),
]
console.log(`\n${lines.join('\n')}`)
if (args.out) writeFileSync(path.resolve(args.out), `${lines.join('\n')}\n`)
process.exit(0)
