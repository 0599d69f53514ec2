import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {}

/**
 * An exclusive lock on DATA_DIR: PGlite does not lock its data directory, and two servers on
 * one directory would corrupt it. The lock file holds the owner's pid; a lock whose process is
 * gone (killed with `kill -9`) is reclaimed.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const lockPath = path.join(dataDir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => releaseLock(lockPath)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(lockPath)
      if (owner !== null && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Un autre serveur Alertes urbaines (pid ${owner}) utilise déjà le dossier de données ${dataDir}. Arrêtez-le, ou choisissez un autre DATA_DIR.`,
        )
      }
      rmSync(lockPath, { force: true })
    }
  }
  throw new DataDirLockedError(`Impossible de verrouiller le dossier de données ${dataDir}.`)
}

function releaseLock(lockPath: string) {
  if (readOwner(lockPath) === process.pid) rmSync(lockPath, { force: true })
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  // A recycled pid may belong to an unrelated program: only a Node process counts as an owner.
  const cmdline = `/proc/${pid}/cmdline`
  if (!existsSync(cmdline)) return true
  try {
    return /node|tsx/.test(readFileSync(cmdline, 'utf8'))
  } catch {
    return true
  }
}
