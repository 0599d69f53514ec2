// `npm run seed:demo` before the first `npm start`, as a newcomer runs them: what the seed prints
// is enough to sign in, as the first super administrator and as each demo organisation.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createPostgresDatabase } from '../test/helper'
import { killNpmRuns, npmRun, printedCredentials } from '../test/npm-command'
import { freePort, killed, startServer, waitForHealth } from '../test/server-process'

const servers: ChildProcess[] = []
afterEach(async () => {
  killNpmRuns()
  for (const server of servers.splice(0)) await killed(server)
})

async function seed(env: Record<string, string>) {
  const run = npmRun(['run', 'seed:demo'], env)
  const { code } = await run.exited
  expect(code, run.output()).toBe(0)
  return run.stdout()
}

async function serve(env: Record<string, string>): Promise<string> {
  const port = await freePort()
  const child = startServer({ ...env, PORT: String(port) })
  servers.push(child)
  const base = `http://127.0.0.1:${port}`
  expect(await waitForHealth(base, { child })).toBe(true)
  return base
}

async function login(base: string, body: Record<string, string>): Promise<number> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return res.status
}

async function signInWithWhatWasPrinted(base: string, stdout: string) {
  const { admin, organizations } = printedCredentials(stdout)
  if (admin) expect(await login(base, { userType: 'admin', ...admin })).toBe(200)
  expect(organizations).toHaveLength(4)
  for (const organization of organizations) {
    expect(await login(base, { userType: 'organization', ...organization })).toBe(200)
  }
}

describe('npm run seed:demo on a fresh DATA_DIR', () => {
  it('prints the first administrator it created and the organisations: both sign in on the server started next', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-seed-'))
    const stdout = await seed({ DATA_DIR: dataDir })
    expect(stdout).toMatch(/Données de démonstration chargées\u202f: 300 signalements/)
    expect(stdout).toMatch(
      /identifiant «\u202fadmin\u202f», mot de passe «\u202f[\w-]{16}\u202f» \(affiché une seule fois/,
    )
    expect(stdout).toContain('/organization/login')
    expect(printedCredentials(stdout).organizations.map((o) => o.email)).toContain(
      'services.techniques@demo.alertes-urbaines.sn',
    )

    // Again: nothing created, no administrator's password to show any more.
    const again = await seed({ DATA_DIR: dataDir })
    expect(again).toContain('Les données de démonstration sont déjà chargées.')
    expect(again).not.toContain('Premier super administrateur')

    const base = await serve({ DATA_DIR: dataDir })
    await signInWithWhatWasPrinted(base, stdout)
    const wrong = { userType: 'admin', username: 'admin', password: 'pas-le-bon-mot-de-passe' }
    expect(await login(base, wrong)).toBe(401)
  })

  it('creates the administrator of ADMIN_USERNAME and ADMIN_PASSWORD, as the first start does, without printing the password', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-seed-'))
    const env = { DATA_DIR: dataDir, ADMIN_USERNAME: 'awa', ADMIN_PASSWORD: 'mot-de-passe-choisi' }
    const stdout = await seed(env)
    expect(stdout).toContain(
      'Premier super administrateur créé : identifiant « awa », mot de passe : celui d’ADMIN_PASSWORD.',
    )
    expect(stdout).not.toContain('mot-de-passe-choisi')
    const base = await serve({ DATA_DIR: dataDir })
    expect(await login(base, { userType: 'admin', username: 'awa', password: 'mot-de-passe-choisi' })).toBe(
      200,
    )
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'does the same on a PostgreSQL server (DATABASE_URL)',
    async () => {
      const { url, drop } = await createPostgresDatabase()
      try {
        const env = {
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ua-seed-')),
          DATABASE_URL: url,
          JWT_SECRET: 'x'.repeat(40),
        }
        const stdout = await seed(env)
        expect(printedCredentials(stdout).admin?.username).toBe('admin')
        const base = await serve(env)
        await signInWithWhatWasPrinted(base, stdout)
      } finally {
        for (const server of servers.splice(0)) await killed(server, 'SIGTERM')
        await drop()
      }
    },
    120_000,
  )
})
