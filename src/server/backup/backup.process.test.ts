// Backups of the embedded database, end to end: real data filed through the real server (reports
// with photos, an organisation, sessions), backed up while the server runs and while it is
// stopped, restored into another DATA_DIR, and found again by a server started there.
//
// Nothing here waits for a number of seconds: a server is waited for until it answers or exits
// (a fresh DATA_DIR's first start creates and migrates the database: 11 s on an idle machine,
// over 30 s on a busy one, where the former 30 s deadline failed the test), and the test's own
// timeout only catches a hang.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError } from '../lock'
import { entriesOpenToOthers, openToOthers } from '../test/file-modes'
import { killed, sleep, startServer } from '../test/server-process'
import { backupDataDir, restoreDataDir } from './backup'
import { readBackupAccess, removeBackupAccess } from './backup-access'

const ADMIN_PASSWORD = 'backup-admin-pass'
const root = mkdtempSync(path.join(tmpdir(), 'ua-backup-'))
/** Long enough for three server starts on a machine under heavy load; only a hang reaches it. */
const HANG = 600_000
const running: ChildProcess[] = []
// The servers a test leaves running are done with: killed at once, all together.
afterEach(async () => {
  await Promise.all(running.splice(0).map((child) => killed(child, 'SIGKILL')))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/**
 * The real server on DATA_DIR, once it answers. It listens on a port the system picks (PORT=0):
 * a free port chosen beforehand could be taken by another process during a start of tens of
 * seconds. Its address is the one it writes in DATA_DIR for `npm run backup`, once it listens.
 */
async function serve(dataDir: string) {
  // What a killed server may have left there: not the address of this one.
  removeBackupAccess(dataDir)
  const child = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD })
  running.push(child)
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server of ${dataDir} stopped before answering (${child.exitCode ?? child.signalCode}).`,
      )
    }
    const access = readBackupAccess(dataDir)
    if (access) {
      const health = await fetch(`${access.url}/api/health`)
      expect(health.status).toBe(200)
      return { base: access.url, child }
    }
    await sleep(100)
  }
}

async function json(base: string, url: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${url}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  })
  return { status: res.status, body: res.status === 204 ? null : await res.json() }
}

/** Reports with photos, an approved organisation with a session: what a backup must keep. */
async function fillWithRealData(base: string) {
  const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer()
  const reports: { code: string; citizenToken: string }[] = []
  for (let i = 0; i < 3; i++) {
    const form = new FormData()
    form.set('categoryId', '1')
    form.set('description', `Nid-de-poule numéro ${i} devant l’école`)
    form.set('latitude', '14.7')
    form.set('longitude', '-17.45')
    form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
    const res = await fetch(`${base}/api/reports`, { method: 'POST', body: form })
    expect(res.status).toBe(201)
    const created = (await res.json()) as { anonymous_code: string; citizenToken: string }
    reports.push({ code: created.anonymous_code, citizenToken: created.citizenToken })
  }
  const admin = await json(base, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ userType: 'admin', username: 'admin', password: ADMIN_PASSWORD }),
  })
  const signup = await json(base, '/api/organizations/signup', {
    method: 'POST',
    body: JSON.stringify({
      name: 'Mairie de Médina',
      type: 'mairie',
      email: 'mairie.medina@example.sn',
      phone: '+221 33 800 00 00',
      address: 'Rue 11',
      city: 'Dakar',
      categoryIds: [1],
      password: 'medina-pass-1',
    }),
  })
  await json(base, `/api/admin/organizations/${signup.body.id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${admin.body.token}` },
    body: JSON.stringify({ status: 'approved' }),
  })
  const session = await json(base, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({
      userType: 'organization',
      email: 'mairie.medina@example.sn',
      password: 'medina-pass-1',
    }),
  })
  expect(session.status).toBe(200)
  return { reports, session: session.body as { token: string; refreshToken: string } }
}

/** Everything filed before the backup, found again by the server of the restored DATA_DIR. */
async function expectRestored(
  base: string,
  data: Awaited<ReturnType<typeof fillWithRealData>>,
  photos: Map<string, Buffer>,
) {
  for (const report of data.reports) {
    expect((await fetch(`${base}/api/reports/track/${report.code}`)).status).toBe(200)
    const mine = await json(base, '/api/citizen/reports', {
      headers: { 'x-citizen-token': report.citizenToken },
    })
    expect(mine.status).toBe(200)
    const [item] = mine.body.items as { photo_url: string }[]
    const served = await fetch(`${base}${item?.photo_url}`)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(photos.get(report.code) ?? Buffer.alloc(0))).toBe(
      true,
    )
  }
  // The session goes on: its access token (the signing key came back) and its refresh token.
  const me = await json(base, '/api/org/me', { headers: { authorization: `Bearer ${data.session.token}` } })
  expect(me.status).toBe(200)
  expect(me.body.name).toBe('Mairie de Médina')
  const renewed = await json(base, '/api/auth/refresh', {
    method: 'POST',
    body: JSON.stringify({ refreshToken: data.session.refreshToken }),
  })
  expect(renewed.status).toBe(200)
}

async function photosOf(base: string, data: Awaited<ReturnType<typeof fillWithRealData>>) {
  const photos = new Map<string, Buffer>()
  for (const report of data.reports) {
    const mine = await json(base, '/api/citizen/reports', {
      headers: { 'x-citizen-token': report.citizenToken },
    })
    const [item] = mine.body.items as { photo_url: string }[]
    photos.set(report.code, Buffer.from(await (await fetch(`${base}${item?.photo_url}`)).arrayBuffer()))
  }
  return photos
}

describe('npm run backup / npm run restore (embedded database)', () => {
  it('backs up a running server, refuses to restore under it, and restores elsewhere', {
    timeout: HANG,
  }, async () => {
    const source = path.join(root, 'source')
    const { base } = await serve(source)
    const data = await fillWithRealData(base)
    const photos = await photosOf(base, data)
    // Uploads as an older version wrote them (0644): the archive keeps those modes.
    openToOthers(path.join(source, 'uploads'))

    const archive = path.join(root, 'while-running.tar')
    const manifest = await backupDataDir(source, archive)
    expect(manifest).toMatchObject({ takenBy: 'running-server', files: 6 })
    // The running server went on serving while it made the dump.
    expect((await json(base, '/api/reports/count')).body.count).toBe(3)

    await expect(restoreDataDir(archive, source)).rejects.toBeInstanceOf(DataDirLockedError)
    expect((await fetch(`${base}/api/reports/track/${data.reports[0]?.code}`)).status).toBe(200)

    const target = path.join(root, 'target')
    const summary = await restoreDataDir(archive, target)
    expect(summary).toMatchObject({ reports: 3, files: 6, previousDataKeptIn: null })
    // The restored database, uploads and key are the server's user's alone.
    expect(entriesOpenToOthers(target)).toEqual([])
    const restored = await serve(target)
    await expectRestored(restored.base, data, photos)
  })

  it('backs up a stopped server under its lock, and keeps the data a restore replaces', {
    timeout: HANG,
  }, async () => {
    const source = path.join(root, 'stopped')
    // Another installation, with data of its own, for the restore to replace: its first start is
    // as long as the source's, so both start together.
    const target = path.join(root, 'occupied')
    const [first, other] = await Promise.all([serve(source), serve(target)])
    const data = await fillWithRealData(first.base)
    const photos = await photosOf(first.base, data)
    await Promise.all([killed(first.child, 'SIGTERM'), killed(other.child, 'SIGTERM')])

    const archive = path.join(root, 'while-stopped.tar')
    expect(await backupDataDir(source, archive)).toMatchObject({ takenBy: 'backup-command', files: 6 })

    // Restoring over an installation that has data of its own moves that data aside, whole.
    const otherKey = readFileSync(path.join(target, 'jwt-secret'))
    const summary = await restoreDataDir(archive, target)
    expect(summary.previousDataKeptIn).not.toBeNull()
    const kept = summary.previousDataKeptIn ?? ''
    expect(readdirSync(kept).sort()).toEqual(['db', 'jwt-secret', 'uploads'])
    expect(readFileSync(path.join(kept, 'jwt-secret')).equals(otherKey)).toBe(true)
    expect(readFileSync(path.join(target, 'jwt-secret')).equals(otherKey)).toBe(false)
    expect(entriesOpenToOthers(target)).toEqual([])
    const restored = await serve(target)
    await expectRestored(restored.base, data, photos)
  })
})
