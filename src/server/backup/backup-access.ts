import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * How `npm run backup` reaches a running embedded server: its address and a secret, in a file of
 * DATA_DIR that only the server's user can read (mode 0600). Whoever can read DATA_DIR could
 * copy the database anyway; nobody else can ask for a dump.
 */
export interface BackupAccess {
  url: string
  secret: string
}

export const BACKUP_ACCESS_FILE = 'backup-access.json'
export const BACKUP_SECRET_HEADER = 'x-backup-secret'

export function newBackupSecret(): string {
  return randomBytes(32).toString('base64url')
}

export function writeBackupAccess(dataDir: string, access: BackupAccess): void {
  const file = path.join(dataDir, BACKUP_ACCESS_FILE)
  const draft = `${file}.${process.pid}`
  // Written whole then renamed: a reader never sees half a file, nor one readable by others.
  writeFileSync(draft, JSON.stringify(access), { mode: 0o600 })
  renameSync(draft, file)
}

export function readBackupAccess(dataDir: string): BackupAccess | null {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dataDir, BACKUP_ACCESS_FILE), 'utf8')) as BackupAccess
    return typeof parsed.url === 'string' && typeof parsed.secret === 'string' ? parsed : null
  } catch {
    return null
  }
}

export function removeBackupAccess(dataDir: string): void {
  rmSync(path.join(dataDir, BACKUP_ACCESS_FILE), { force: true })
}

/** Compares in constant time, so that the answer's timing tells nothing of the secret. */
export function secretMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}
