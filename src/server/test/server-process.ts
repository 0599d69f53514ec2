// The real server as a child process, for the tests and scripts that drive it from outside (crash test,
// soak, several instances): a free loopback port, start, wait until it answers, kill.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import pg from 'pg'

export const repoRoot = path.resolve(import.meta.dirname, '../../..')

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A loopback port free at this moment (the only copy: tests, scripts and the bench import it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Until the server at `base` answers its health check: true, or false once `child` (its process,
 * when given) has exited or the time is up. A first start creates and migrates the database, 11 s
 * on an idle machine and over 30 s on a busy one: the default bound only catches a hang.
 */
export async function waitForHealth(
  base: string,
  { child, timeoutMs = 10 * 60_000 }: { child?: ChildProcess; timeoutMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) return false
    try {
      if ((await fetch(`${base}/api/health`)).ok) return true
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  return false
}

/** `npm start` as it runs in production: one Node process, so that a signal reaches the server. */
export function startServer(
  env: Record<string, string>,
  stdio: 'ignore' | 'inherit' | 'pipe' = 'ignore',
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'fatal', GEOCODER_URL: '', ...env },
    stdio: ['ignore', stdio, 'inherit'],
  })
}

export function killed(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill(signal)
  })
}

/** The resident memory of a process, in bytes (Linux). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
  return Number(kilobytes ?? 0) * 1024
}

/** Runs one statement on a PostgreSQL server, on a connection of its own. */
export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A new database on a PostgreSQL server, and how to drop it; null when the server does not answer. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> } | null> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const run = (statement: string) => runOnServer(serverUrl, statement)
  try {
    await run(`CREATE DATABASE ${name}`)
  } catch (error) {
    console.error(`PostgreSQL not reachable at ${serverUrl}: ${(error as Error).message}`)
    return null
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

let addressCounter = 0
/**
 * Another client address for each request: the server believes X-Forwarded-For from loopback,
 * so the per-address spam limit does not cut a load test short. Only a header: every packet
 * goes to loopback.
 */
export function nextForwardedAddress(): string {
  addressCounter += 1
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
}
