// The real server process, as `npm start` runs it: start-up checks, the DATA_DIR lock, and
// what survives a `kill -9`.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openPglite } from './db/database'
import { categories } from './db/schema'
import { createPostgresDatabase } from './test/helper'
import { isAlive, isListening, killNpmRuns, npmRun } from './test/npm-command'
import { waitForHealth as answers, freePort } from './test/server-process'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const running: ChildProcess[] = []

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL')
  killNpmRuns()
})

interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', GEOCODER_URL: '', ...env },
  })
  running.push(child)
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/** The health of the server once it answers; fails at once if it exits first (the test's timeout catches a hang). */
async function waitForHealth(port: number, started: Started): Promise<{ database: string }> {
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (res.ok) return (await res.json()) as { database: string }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe('npm start', () => {
  it('stops at once on a bad PORT with one line naming the variable', async () => {
    const started = startServer({ PORT: 'abc', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ua-main-')) })
    expect(await started.exited).toBe(1)
    expect(started.output().trim()).toBe(
      'Configuration invalide : PORT doit être un numéro de port entre 0 et 65535 (valeur reçue : « abc »)',
    )
  })

  it('refuses a second server on the same DATA_DIR, and starts again after kill -9 with the data there', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-main-'))
    const port = await freePort()
    const first = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'premier-mot-de-passe',
    })
    expect(await waitForHealth(port, first)).toEqual({ status: 'ok', database: 'pglite' })
    const categoriesBefore = await (await fetch(`http://127.0.0.1:${port}/api/categories`)).json()

    const second = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir })
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('utilise déjà le dossier de données')

    first.child.kill('SIGKILL')
    await first.exited

    const port3 = await freePort()
    const third = startServer({ PORT: String(port3), DATA_DIR: dataDir })
    expect(await waitForHealth(port3, third)).toEqual({ status: 'ok', database: 'pglite' })
    expect(await (await fetch(`http://127.0.0.1:${port3}/api/categories`)).json()).toEqual(categoriesBefore)
    // The first admin was created once: no new password is printed on the next start.
    expect(third.output()).not.toContain('Premier super administrateur')

    third.child.kill('SIGTERM')
    expect(await third.exited).toBe(0)
    // A graceful stop leaves a database the next process opens cleanly.
    const db = await openPglite(path.join(dataDir, 'db'))
    expect(await db.db.select().from(categories)).toHaveLength(5)
    await db.close()
  })

  it('stops the server on a SIGTERM sent to the npm process itself, and frees DATA_DIR for the next start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-main-'))
    const port = await freePort()
    const npm = npmRun(['start'], { PORT: String(port), DATA_DIR: dataDir })
    expect(await answers(`http://127.0.0.1:${port}`, { child: npm.child })).toBe(true)
    // The server's own pid, as it wrote it in its lock: not npm's.
    const lockFile = path.join(dataDir, 'server.lock')
    const serverPid = Number(readFileSync(lockFile, 'utf8'))
    expect(serverPid).not.toBe(npm.child.pid)

    npm.child.kill('SIGTERM')
    await npm.exited
    expect(isAlive(serverPid)).toBe(false)
    expect(await isListening(port)).toBe(false)
    expect(existsSync(lockFile)).toBe(false)

    // The next start takes DATA_DIR at once, with the data the first one left.
    const port2 = await freePort()
    const next = startServer({ PORT: String(port2), DATA_DIR: dataDir })
    expect(await waitForHealth(port2, next)).toEqual({ status: 'ok', database: 'pglite' })
    expect(next.output()).not.toContain('utilise déjà le dossier de données')
    next.child.kill('SIGTERM')
    expect(await next.exited).toBe(0)
  })

  it('prints the generated first admin password once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-main-'))
    const port = await freePort()
    const started = startServer({ PORT: String(port), DATA_DIR: dataDir })
    await waitForHealth(port, started)
    expect(started.output()).toMatch(/identifiant «\u202fadmin\u202f», mot de passe «\u202f[\w-]{16}\u202f»/)
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'names postgres when DATABASE_URL points at a PostgreSQL server',
    async () => {
      const port = await freePort()
      const { url, drop } = await createPostgresDatabase()
      try {
        const started = startServer({
          PORT: String(port),
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ua-main-')),
          DATABASE_URL: url,
          JWT_SECRET: 'x'.repeat(40),
        })
        expect(await waitForHealth(port, started)).toEqual({ status: 'ok', database: 'postgres' })
        started.child.kill('SIGTERM')
        expect(await started.exited).toBe(0)
      } finally {
        await drop()
      }
    },
    60_000,
  )
})
