// DATA_DIR belongs to the server's user alone (DESIGN.md section 13): the real server, as
// `npm start` runs it, leaves nothing there that another account of the machine could read — not
// the embedded database (every password hash, its write-ahead log included), not the signing key,
// not a citizen's photo or voice note.
import type { ChildProcess } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openPglite } from './db/database'
import { countEntries, entriesOpenToOthers, openToOthers } from './test/file-modes'
import { jpegWithGpsExif, webmVoiceNote } from './test/media-fixtures'
import { freePort, killed, startServer, waitForHealth } from './test/server-process'

const root = mkdtempSync(path.join(tmpdir(), 'ua-data-dir-'))
const running: ChildProcess[] = []
afterEach(async () => {
  for (const child of running.splice(0)) await killed(child, 'SIGKILL')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

async function serve(dataDir: string) {
  const port = await freePort()
  const child = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' })
  running.push(child)
  const base = `http://127.0.0.1:${port}`
  expect(await waitForHealth(base, { child })).toBe(true)
  return { base, child }
}

async function stop(child: ChildProcess) {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.kill('SIGTERM')
  expect(await exited).toBe(0)
}

describe('DATA_DIR', () => {
  it('holds nothing another account can read after a report with a photo and a voice note', {
    timeout: 90_000,
  }, async () => {
    const dataDir = path.join(root, 'fresh')
    const { base, child } = await serve(dataDir)
    const form = new FormData()
    form.set('categoryId', '1')
    form.set('description', 'Lampadaire éteint depuis une semaine au rond-point')
    form.set('latitude', '14.7')
    form.set('longitude', '-17.45')
    form.set('photo', new Blob([new Uint8Array(await jpegWithGpsExif())], { type: 'image/jpeg' }), 'p.jpg')
    form.set('audio', new Blob([new Uint8Array(webmVoiceNote)], { type: 'audio/webm' }), 'note.webm')
    expect((await fetch(`${base}/api/reports`, { method: 'POST', body: form })).status).toBe(201)

    // While it runs: the lock, the backup access file and the signing key are there too.
    for (const name of ['server.lock', 'backup-access.json', 'jwt-secret', 'db/pg_wal']) {
      expect(existsSync(path.join(dataDir, name)), name).toBe(true)
    }
    expect(readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).length).toBeGreaterThanOrEqual(3)
    expect(entriesOpenToOthers(dataDir)).toEqual([])
    expect(statSync(dataDir).mode & 0o777).toBe(0o700)

    await stop(child)
    expect(countEntries(path.join(dataDir, 'db'))).toBeGreaterThan(500)
    expect(entriesOpenToOthers(dataDir)).toEqual([])
  })

  it('is closed to others at start when an earlier version left it open, without following links out of it', {
    timeout: 90_000,
  }, async () => {
    const dataDir = path.join(root, 'left-open')
    // A database as PGlite left it before (files 0666), uploads and a key written 0644, folders 0755.
    const db = await openPglite(path.join(dataDir, 'db'))
    await db.close()
    mkdirSync(path.join(dataDir, 'uploads', 'ab'), { recursive: true })
    writeFileSync(path.join(dataDir, 'uploads', 'ab', `${'ab'.padEnd(32, '0')}.jpg`), 'photo')
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'k'.repeat(64))
    openToOthers(dataDir)
    // A link to a file outside DATA_DIR: the server has no business changing that file.
    const outside = path.join(root, 'outside.txt')
    writeFileSync(outside, 'not the server’s')
    chmodSync(outside, 0o644)
    symlinkSync(outside, path.join(dataDir, 'uploads', 'link-out'))
    expect(entriesOpenToOthers(dataDir).length).toBeGreaterThan(500)

    const { child } = await serve(dataDir)
    expect(entriesOpenToOthers(dataDir)).toEqual([])
    expect(statSync(outside).mode & 0o777).toBe(0o644)
    await stop(child)
    expect(entriesOpenToOthers(dataDir)).toEqual([])
  })
})
