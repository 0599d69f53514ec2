import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './lock'

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'ua-lock-'))

describe('lockDataDir', () => {
  it('refuses a second owner while the first one lives', () => {
    const dir = freshDir()
    // Our own Node parent process stands in for "another live server".
    writeFileSync(path.join(dir, 'server.lock'), String(process.ppid))
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(/utilise déjà le dossier de données/)
  })

  it('reclaims a lock left by a process that died', () => {
    const dir = freshDir()
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)'])
    writeFileSync(path.join(dir, 'server.lock'), String(dead.pid))
    const release = lockDataDir(dir)
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(true)
    release()
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false)
  })

  it('can be taken again after a release', () => {
    const dir = freshDir()
    lockDataDir(dir)()
    const release = lockDataDir(dir)
    release()
  })
})
