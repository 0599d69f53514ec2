// A database restart never kills the server (issue 14): the real server, as `npm start` runs it
// on a PostgreSQL server, while that server is stopped (`pg_ctl stop -m fast`, what a restart or
// a failover does to connections) and started again. A private PostgreSQL cluster, so that the
// machine's shared server is never restarted; run with the PostgreSQL suites (TEST_DATABASE_URL).
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_ERRORS } from '../domain/errors'
import { subscribeToEvents } from './test/live-events'
import { type PrivatePostgres, startPrivatePostgres } from './test/private-postgres'
import { freePort, killed, sleep, startServer, waitForHealth } from './test/server-process'

const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-restart-'))
let cluster: PrivatePostgres
let server: ChildProcess | undefined

beforeAll(async () => {
  cluster = await startPrivatePostgres()
}, 60_000)
afterAll(async () => {
  if (server) await killed(server)
  await cluster?.destroy()
  rmSync(dataDir, { recursive: true, force: true })
})

async function fileReport(base: string) {
  const form = new FormData()
  form.set('categoryId', '1')
  form.set('description', 'Nid-de-poule profond sur la corniche, signalé pendant la maintenance')
  form.set('latitude', '14.7')
  form.set('longitude', '-17.45')
  return fetch(`${base}/api/reports`, { method: 'POST', body: form })
}

async function waitForOutput(output: () => string, text: string, withinMs: number) {
  const deadline = Date.now() + withinMs
  while (Date.now() < deadline && !output().includes(text)) await sleep(100)
  expect(output()).toContain(text)
}

describe.runIf(process.env.TEST_DATABASE_URL)('npm start on PostgreSQL, while PostgreSQL restarts', () => {
  it('stays up, answers 503 in French during the outage, then serves again with nothing lost', {
    timeout: 120_000,
  }, async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    server = startServer(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'info',
      },
      'pipe',
    )
    let output = ''
    server.stdout?.on('data', (chunk) => {
      output += chunk
    })
    expect(await waitForHealth(base, { child: server })).toBe(true)
    const filed = await fileReport(base)
    expect(filed.status).toBe(201)
    const before = (await filed.json()) as { id: string; anonymous_code: string }
    const stream = await subscribeToEvents(base)

    await cluster.stop()
    await sleep(500)
    expect(server.exitCode).toBeNull()
    const health = await fetch(`${base}/api/health`)
    expect(health.status).toBe(503)
    expect(await health.json()).toEqual({
      status: 'error',
      database: 'postgres',
      error: { code: 'database_unavailable', message: API_ERRORS.database_unavailable.message },
    })
    const tracked = await fetch(`${base}/api/reports/track/${before.anonymous_code}`)
    expect(tracked.status).toBe(503)
    expect(await tracked.json()).toEqual({
      error: {
        code: 'database_unavailable',
        message:
          'Service momentanément indisponible : la base de données ne répond pas. Réessayez dans quelques instants.',
      },
    })
    // Nothing is acknowledged that could not be kept.
    expect((await fileReport(base)).status).toBe(503)

    await cluster.start()
    expect(await waitForHealth(base, { child: server })).toBe(true)
    expect(server.exitCode).toBeNull()
    // The bus listens again within its backoff (0.5 s doubling, at most 30 s).
    await waitForOutput(() => output, 'live events: listening again', 35_000)
    expect((await fetch(`${base}/api/reports/track/${before.anonymous_code}`)).status).toBe(200)
    const recent = (await (await fetch(`${base}/api/reports/recent`)).json()) as { id: string }[]
    expect(recent.map((report) => report.id)).toContain(before.id)
    const after = await fileReport(base)
    expect(after.status).toBe(201)
    const { id } = (await after.json()) as { id: string }
    await stream.waitFor((event) => event.reportId === id)
    stream.close()

    const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)))
    server.kill('SIGTERM')
    expect(await exited).toBe(0)
    server = undefined
  })
})
