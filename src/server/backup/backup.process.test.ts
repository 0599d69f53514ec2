// Backups of the embedded database, end to end: real data filed through the real server (reports
// with photos, an organisation, sessions), backed up while the server runs and while it is
// stopped, restored into another DATA_DIR, and found again by a server started there.
//
// Nothing here waits for a number of seconds: a server is waited for until it answers or exits
// (a fresh DATA_DIR's first start creates and migrates the database: 11 s on an idle machine,
// over 30 s on a busy one, where the former 30 s deadline failed the test), and the test's own
// timeout only catches a hang.
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import * as tar from 'tar'
import { afterAll, afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { DATA_DIR_KEYS } from '../data-dir'
import { DataDirLockedError } from '../lock'
import { entriesOpenToOthers, openToOthers } from '../test/file-modes'
import { killed, sleep, startServer } from '../test/server-process'
import { type LoopbackSmsGateway, receivedSms, smsEnv, startSmsGateway } from '../test/sms-gateway'
import { backupDataDir, restoreDataDir } from './backup'
import { BACKUP_ACCESS_FILE, readBackupAccess, removeBackupAccess } from './backup-access'

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
async function serve(dataDir: string, env: Record<string, string> = {}) {
  // What a killed server may have left there: not the address of this one.
  removeBackupAccess(dataDir)
  const child = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD, ...env })
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

/** What `found` gives once it gives something, asked again every tenth of a second. */
async function until<T>(found: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await found()
    if (value !== undefined) return value
    await sleep(100)
  }
}

/** A citizen's phone that texts the platform through the loopback gateway, and reads its SMS. */
function phone(gateway: LoopbackSmsGateway, local: string) {
  const inbox = () => gateway.sent.filter((sms) => sms.to === `+221${local}`).map((sms) => sms.text)
  const texts = async (base: string, message: string) => {
    const hook = receivedSms(local, message, new Date())
    const res = await fetch(`${base}/api/sms/webhook`, {
      method: 'POST',
      headers: hook.headers,
      body: hook.body,
    })
    expect(res.status).toBe(200)
  }
  return {
    inbox,
    texts,
    /** Texts `message` and waits for the platform's answer. */
    async says(base: string, message: string): Promise<string> {
      const before = inbox().length
      await texts(base, message)
      return until(() => inbox()[before])
    },
  }
}

/**
 * What the SMS channel keeps under the numbers' key: a number that said STOP (its hash), and a
 * report filed by SMS (its filer's number encrypted, to send it the report's news).
 */
async function textWithRealNumbers(base: string, gateway: LoopbackSmsGateway) {
  const stopped = phone(gateway, '771112233')
  expect(await stopped.says(base, 'STOP')).toMatch(/^Vous ne recevrez plus de SMS/)
  const filer = phone(gateway, '774445566')
  const categories = (await json(base, '/api/categories')).body as { id: number }[]
  await filer.says(base, 'Bonjour')
  await filer.says(base, String(categories.findIndex((category) => category.id === 1) + 1))
  await filer.says(base, 'medina')
  const filed = await filer.says(base, 'Gros nid de poule devant le marché Tilène, côté rue 12')
  const [, code, reportId] = /Code : (\w+)\..*\/signalements\/([\w-]+)/s.exec(filed) ?? []
  expect(code).toBeDefined()
  return { stopped, filer, code: code as string, reportId: reportId as string }
}

/** The SMS waiting to be sent, as the operator's screen counts them. */
async function smsWaiting(base: string): Promise<number> {
  const admin = await json(base, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ userType: 'admin', username: 'admin', password: ADMIN_PASSWORD }),
  })
  const status = await json(base, '/api/admin/sms', {
    headers: { authorization: `Bearer ${admin.body.token}` },
  })
  return status.body.waiting
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
  it('backs up a running server, refuses to restore under it, and restores elsewhere, keys and all', {
    timeout: HANG,
  }, async () => {
    const gateway = await startSmsGateway()
    onTestFinished(() => gateway.close())
    const sms = smsEnv(gateway)
    const source = path.join(root, 'source')
    const { base } = await serve(source, sms)
    const data = await fillWithRealData(base)
    const photos = await photosOf(base, data)
    const texted = await textWithRealNumbers(base, gateway)
    const pushKey = (await json(base, '/api/push/key')).body.publicKey
    // Uploads as an older version wrote them (0644): the archive keeps those modes.
    openToOthers(path.join(source, 'uploads'))

    // What a server with every channel on wrote in its fresh DATA_DIR, at start and since.
    const written = readdirSync(source)
    const archive = path.join(root, 'while-running.tar')
    const manifest = await backupDataDir(source, archive)
    expect(manifest).toMatchObject({ takenBy: 'running-server', files: 6 })
    // The running server went on serving while it made the dump.
    expect((await json(base, '/api/reports/count')).body.count).toBe(4)

    await expect(restoreDataDir(archive, source)).rejects.toBeInstanceOf(DataDirLockedError)
    expect((await fetch(`${base}/api/reports/track/${data.reports[0]?.code}`)).status).toBe(200)

    const target = path.join(root, 'target')
    const summary = await restoreDataDir(archive, target)
    expect(summary).toMatchObject({ reports: 4, files: 6, previousDataKeptIn: null })
    // The restored database, uploads and keys are the server's user's alone.
    expect(entriesOpenToOthers(target)).toEqual([])
    const restored = await serve(target, sms)
    await expectRestored(restored.base, data, photos)

    // The phones subscribed before still get their news: the server signs with the same key.
    expect((await json(restored.base, '/api/push/key')).body.publicKey).toBe(pushKey)
    // The number that said STOP is still known by its hash: it is answered nothing.
    await texted.stopped.texts(restored.base, 'Bonjour')
    await texted.filer.says(restored.base, `SUIVI ${texted.code}`)
    await until(async () => ((await smsWaiting(restored.base)) === 0 ? true : undefined))
    expect(texted.stopped.inbox()).toEqual([expect.stringMatching(/^Vous ne recevrez plus de SMS/)])
    // The filer's number, kept encrypted, still reads back: the report's news reach it.
    const claimed = await json(restored.base, `/api/org/reports/${texted.reportId}/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${data.session.token}` },
      body: '{}',
    })
    expect(claimed.status).toBe(200)
    const news = await until(() => texted.filer.inbox().find((text) => text.includes('pris en charge')))
    expect(news).toContain(texted.code)

    // Whatever else the server wrote in DATA_DIR besides the database, the uploads and what lives
    // only while it runs is a key: in the archive, and back in the restored DATA_DIR.
    const unpacked = path.join(root, 'unpacked')
    mkdirSync(unpacked)
    await tar.x({ file: archive, cwd: unpacked })
    const keys = written.filter(
      (name) => !['db', 'uploads', 'server.lock', BACKUP_ACCESS_FILE].includes(name),
    )
    // A file a new version writes there fails here until it is one of DATA_DIR_KEYS.
    expect(keys.sort()).toEqual(Object.values(DATA_DIR_KEYS).sort())
    for (const key of keys) {
      const original = readFileSync(path.join(source, key))
      expect(readFileSync(path.join(unpacked, key)).equals(original), key).toBe(true)
      expect(readFileSync(path.join(target, key)).equals(original), key).toBe(true)
    }
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
    expect(readdirSync(kept).sort()).toEqual(['db', 'jwt-secret', 'uploads', 'vapid-keys.json'])
    expect(readFileSync(path.join(kept, 'jwt-secret')).equals(otherKey)).toBe(true)
    expect(readFileSync(path.join(target, 'jwt-secret')).equals(otherKey)).toBe(false)
    expect(entriesOpenToOthers(target)).toEqual([])
    const restored = await serve(target)
    await expectRestored(restored.base, data, photos)
  })
})
