// The servers a run measures (the app and the bare Fastify route, each its own process), and what
// its requests need from the app first: the accounts signed in, the zones set, the lists' lengths.
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { freePort, residentBytes, sleep } from '../../src/server/test/server-process'
import { BENCH_ADMIN, BENCH_ORG_PASSWORD, benchOrgEmail } from '../generate-dataset'
import type { Kind } from './figures'
import type { Load } from './load'

const repoRoot = path.resolve(import.meta.dirname, '../..')

/** Organisations asking their first searches: each its own categories, so its own scope. */
export const SEARCHING_ORGANIZATIONS = 10
/** Organisations covering two communes only (issue 30), and those communes: Médina, Gueule Tapée-Fass-Colobane. */
export const ZONED_ORGANIZATIONS = 5
export const ZONE_OF_TWO_COMMUNES = [3, 4]

type Headers = Record<string, string>

export interface BenchServer {
  base: string
  bareUrl: string
  pid: number | undefined
  stop(): Promise<void>
}

export interface Sessions {
  adminToken: string
  orgToken: string
  searchingOrgs: Headers[]
  /** The town halls of two communes. */
  zonedOrgs: Headers[]
}

/** How many pages the lists have, for the rows that ask their middle or last page. */
export interface Pages {
  admin: number
  available: number
  zoned: number
}

/** What each family of measures is given. */
export interface BenchRun {
  kind: Kind
  load: Load
  server: BenchServer
  sessions: Sessions
  pages: Pages
  /** The bare route's req/s, measured first: each route's share of it. */
  bareRequestsPerSecond: number
}

export const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` })

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', GEOCODER_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

async function waitFor(url: string) {
  // Migrations run at start-up: on a million rows, a new index takes a while.
  const deadline = Date.now() + 15 * 60_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not yet
    }
    await sleep(250)
  }
  throw new Error(`${url} did not answer`)
}

/** The app server on the prepared dataset and the bare server, once both answer. */
export async function startServers(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort()
  const barePort = await freePort()
  const server = start('src/server/main.ts', { ...env, PORT: String(port) })
  const bareServer = start('bench/bare-server.ts', { PORT: String(barePort) })
  const stop = async () => {
    server.kill('SIGTERM')
    bareServer.kill('SIGTERM')
    await sleep(1500)
  }
  const base = `http://127.0.0.1:${port}`
  const bareUrl = `http://127.0.0.1:${barePort}/bare`
  try {
    await waitFor(`${base}/api/health`)
    await waitFor(bareUrl)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, bareUrl, pid: server.pid, stop }
}

/** The server's resident memory in bytes; 0 when it cannot be read. */
export function readRss(pid: number | undefined): number {
  if (!pid) return 0
  try {
    return residentBytes(pid)
  } catch {
    return 0
  }
}

async function login(base: string, body: Record<string, string>): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`login failed: ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

const loginOrganization = (base: string, index: number) =>
  login(base, { userType: 'organization', email: benchOrgEmail(index), password: BENCH_ORG_PASSWORD })

/**
 * The administrator, organisation 1, the searching organisations (2 to 11) and the town halls
 * (12 to 16), their zone set through the real route on each run.
 */
export async function signIn(base: string): Promise<Sessions> {
  const adminToken = await login(base, { userType: 'admin', ...BENCH_ADMIN })
  const orgToken = await loginOrganization(base, 1)
  const searchingOrgs = await Promise.all(
    Array.from({ length: SEARCHING_ORGANIZATIONS }, async (_, i) =>
      bearer(await loginOrganization(base, i + 2)),
    ),
  )
  const zonedOrgs = await Promise.all(
    Array.from({ length: ZONED_ORGANIZATIONS }, async (_, i) => {
      const token = await loginOrganization(base, SEARCHING_ORGANIZATIONS + 2 + i)
      const res = await fetch(`${base}/api/org/me`, {
        method: 'PATCH',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ areaIds: ZONE_OF_TWO_COMMUNES }),
      })
      if (!res.ok) throw new Error(`zone not set: ${res.status} ${await res.text()}`)
      return bearer(token)
    }),
  )
  return { adminToken, orgToken, searchingOrgs, zonedOrgs }
}

export async function countPages(base: string, sessions: Sessions): Promise<Pages> {
  const pageCount = async (url: string, headers: Headers, pageSize: number) => {
    const res = await fetch(`${base}${url}`, { headers })
    return Math.max(1, Math.ceil(((await res.json()) as { total: number }).total / pageSize))
  }
  return {
    admin: await pageCount('/api/admin/reports', bearer(sessions.adminToken), 10),
    available: await pageCount('/api/org/reports/available', bearer(sessions.orgToken), 8),
    zoned: await pageCount('/api/org/reports/available', sessions.zonedOrgs[0] as Headers, 8),
  }
}
