// `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) on the top routes of a
// server filled with the demo data, in Debian's Chromium. Prints score, LCP, CLS, TBT and bytes,
// and each goal met or not. A measure, never a test: it does not fail on a score.
//
//   npm run build && npm run lighthouse
//   npm run lighthouse -- --web-dir dist/web-x --out /tmp/lighthouse.md --reports-dir /tmp/lh --chrome /usr/bin/chromium
//   npm run lighthouse -- --route / --route /signaler
//
// Each route runs in a fresh browser profile; the signed-in routes get their session in
// localStorage (`auth-storage`, as the login screen leaves it) before Lighthouse loads them.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { parseArgs } from 'node:util'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import type { LoginInput, Session } from '../src/domain/auth'
import { STORE_NAMES } from '../src/domain/constants'
import { DEMO_ORGANIZATION_PASSWORD, DEMO_ORGANIZATIONS } from '../src/server/seed/demo-data'

const { values: args } = parseArgs({
  options: {
    'web-dir': { type: 'string', default: 'dist/web' },
    chrome: { type: 'string', default: '/usr/bin/chromium' },
    out: { type: 'string' },
    /** A folder for each route's full Lighthouse report (JSON), to see what slows it. */
    'reports-dir': { type: 'string' },
    /** Only these routes (repeatable), e.g. `--route / --route /signaler`. */
    route: { type: 'string', multiple: true },
  },
})

/** The goals of issue 7. */
const GOALS = { score: 95, lcpMs: 1800, cls: 0.05 }
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
  score: number
  fcpMs: number
  lcpMs: number
  cls: number
  tbtMs: number
  bytes: number
  requests: number
}

/** The demo server in its own process (scripts/demo-server.ts): the first line it prints says where. */
async function startDemoServer(
  dir: string,
): Promise<{ url: string; reports: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo-server.ts', '--web-dir', dir], {
    env: { ...process.env, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
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

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** The value the session store keeps in localStorage after a login (lib/auth/session-store.ts). */
async function storedSession(base: string, login: LoginInput): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  })
  if (!res.ok) throw new Error(`login as ${login.userType} failed: ${await res.text()}`)
  const session = (await res.json()) as Session
  const state = {
    user: session.user,
    userType: session.userType,
    token: session.token,
    refreshToken: session.refreshToken,
    isAuthenticated: true,
    sessionExpiry: Date.now() + session.expiresIn * 1000,
  }
  return JSON.stringify({ state, version: 0 })
}

async function audit(base: string, route: (typeof ROUTES)[number]): Promise<Figures> {
  const profile = mkdtempSync(path.join(tmpdir(), 'ua-lighthouse-profile-'))
  const port = await freePort()
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: args.chrome,
    headless: true,
    args: ['--headless=new', '--no-sandbox', `--remote-debugging-port=${port}`],
  })
  try {
    if (route.login) {
      // A small file of the same origin: the app's scripts stay out of the browser's cache.
      const page = browser.pages()[0] ?? (await browser.newPage())
      await page.goto(`${base}/favicon.svg`)
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        STORE_NAMES.auth,
        await storedSession(base, route.login),
      ] as const)
      await page.close()
    }
    const result = await lighthouse(`${base}${route.path}`, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      // Lighthouse empties the origin's storage first; a signed-in route needs its session.
      disableStorageReset: Boolean(route.login),
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${route.path}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`${route.path}: ${lhr.runtimeError.message}`)
    if (args['reports-dir']) {
      mkdirSync(args['reports-dir'], { recursive: true })
      const name = route.path === '/' ? 'home' : route.path.slice(1).replaceAll('/', '-')
      writeFileSync(path.join(args['reports-dir'], `${name}.json`), JSON.stringify(lhr, null, 1))
    }
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const requests = lhr.audits['network-requests']?.details
    return {
      route: route.path,
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

function table(figures: Figures[]): string[] {
  return [
    '| route | score | FCP | LCP | CLS | TBT | bytes (requests) | goals |',
    '|---|---|---|---|---|---|---|---|',
    ...figures.map((f) => {
      const ok = f.score >= GOALS.score && f.lcpMs <= GOALS.lcpMs && f.cls <= GOALS.cls
      return `| ${f.route} | ${f.score} | ${(f.fcpMs / 1000).toFixed(2)} s | ${(f.lcpMs / 1000).toFixed(2)} s | ${f.cls.toFixed(3)} | ${f.tbtMs.toFixed(0)} ms | ${(f.bytes / 1024).toFixed(1)} KB (${f.requests}) | ${met(ok)} |`
    }),
  ]
}

const webDir = path.resolve(String(args['web-dir']))
if (!existsSync(path.join(webDir, 'index.html'))) {
  console.error(`${webDir} holds no build: run \`npm run build\` first (or pass --web-dir).`)
  process.exit(1)
}
const server = await startDemoServer(webDir)
console.log(`demo server on ${server.url} (${server.reports} demo reports), Chromium ${args.chrome}`)
const figures: Figures[] = []
try {
  for (const route of ROUTES.filter(({ path }) => !args.route || args.route.includes(path))) {
    const measured = await audit(server.url, route)
    figures.push(measured)
    console.log(
      `${measured.route.padEnd(34)} score ${String(measured.score).padStart(3)}  LCP ${(measured.lcpMs / 1000).toFixed(2)} s  CLS ${measured.cls.toFixed(3)}  TBT ${measured.tbtMs.toFixed(0)} ms  ${(measured.bytes / 1024).toFixed(1)} KB`,
    )
  }
} finally {
  await server.stop()
}
const lines = [
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, default simulated throttling; goals: score ≥ ${GOALS.score}, LCP ≤ ${GOALS.lcpMs / 1000} s, CLS ≤ ${GOALS.cls}.`,
  '',
  ...table(figures),
]
console.log(`\n${lines.join('\n')}`)
if (args.out) writeFileSync(path.resolve(args.out), `${lines.join('\n')}\n`)
process.exit(0)
