// DATA_DIR holds every password hash (the embedded database, its write-ahead log included), the
// key that signs sessions, and the citizens' photos and voice notes: it belongs to the server's
// user alone (DESIGN.md section 13). Another account of the machine must not read any of it.
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The keys the server makes once and keeps in DATA_DIR when the environment gives none (embedded
 * mode), by file name: the one list `npm run backup` archives and `npm run restore` puts back.
 * Each is lost for good without a copy (docs/operations.md, "Backups", says what goes with it).
 */
export const DATA_DIR_KEYS = {
  /** Signs sessions (JWT_SECRET): without it, everyone signs in again. */
  jwtSecret: 'jwt-secret',
  /** Hashes and encrypts citizens' numbers (SMS_PRIVACY_KEY): without it, every kept number is lost. */
  smsPrivacyKey: 'sms-privacy-key',
  /** The server's Web Push identity (VAPID_*): without it, every phone's subscription is dead. */
  vapidKeys: 'vapid-keys.json',
} as const

/** What this process creates from now on gets no permission for the group or others. */
export const OWNER_ONLY_UMASK = 0o077
const GROUP_AND_OTHERS = 0o077

/** DATA_DIR holds an entry the server cannot make its own; the message says what to do. */
export class DataDirPermissionError extends Error {}

/**
 * Makes DATA_DIR the server's alone, before anything opens a file in it: the umask for what this
 * process creates next, DATA_DIR created 0700, and group and other permissions removed from what
 * an earlier version, a copy or another tool left there.
 */
export function secureDataDir(dataDir: string): void {
  process.umask(OWNER_ONLY_UMASK)
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  restrictToOwner(dataDir)
}

/**
 * Removes the group's and others' permissions from `root` and from everything under it; returns
 * how many entries it changed. `root` itself may be a symbolic link (an operator's choice of
 * DATA_DIR), but links under it are left alone: chmod follows a link, and its target may lie
 * outside DATA_DIR. Needed beyond the umask because the embedded database sets the modes of its
 * files itself (PGlite's file system calls chmod after creating a file: 0666 for the files of a
 * new database, whatever the umask).
 */
export function restrictToOwner(root: string): number {
  let changed = 0
  const pending = [root]
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const stats = entry === root ? statOrNull(entry, statSync) : statOrNull(entry, lstatSync)
    // Gone since its folder was read (a temporary file of the database, an upload removed).
    if (!stats || stats.isSymbolicLink()) continue
    if (stats.mode & GROUP_AND_OTHERS) {
      try {
        chmodSync(entry, stats.mode & 0o7700)
        changed += 1
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
        throw new DataDirPermissionError(
          `Impossible de réserver ${entry} au compte du serveur (${(error as NodeJS.ErrnoException).code}) : ce dossier de données doit appartenir au compte qui lance le serveur (chown -R).`,
        )
      }
    }
    if (stats.isDirectory()) {
      for (const name of readdirOrEmpty(entry)) pending.push(path.join(entry, name))
    }
  }
  return changed
}

function statOrNull(entry: string, stat: typeof lstatSync) {
  try {
    return stat(entry)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

function readdirOrEmpty(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/**
 * A secret kept in DATA_DIR under `name` (0600): read when there, else made by `generate` and
 * written once, so that it outlives restarts (embedded mode: one instance).
 */
export function secretKeptIn(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name)
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    const secret = generate()
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
    return secret
  }
}
