// Backups of an embedded (PGlite) installation: one tar archive with the database dump, the
// uploaded photos and voice notes, and every key the server keeps in DATA_DIR (DATA_DIR_KEYS:
// sessions, citizens' numbers, Web Push), so that a restore gives back the same platform: its
// sessions, its SMS conversations and refusals, its phones' subscriptions. On a PostgreSQL
// server, pg_dump and pg_restore do this job (docs/operations.md); the uploads folder and the
// keys are then copied like any shared volume.
import {
  chmodSync,
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { sql } from 'drizzle-orm'
import * as tar from 'tar'
import { DATA_DIR_KEYS, restrictToOwner } from '../data-dir'
import { type Database, openPglite, queryRows } from '../db/database'
import { DataDirLockedError, lockDataDir } from '../lock'
import { BACKUP_SECRET_HEADER, readBackupAccess } from './backup-access'

const FORMAT = 'alertes-urbaines-backup'
const VERSION = 1
const DATABASE_FILE = 'database.tar.gz'
const KEY_FILES: readonly string[] = Object.values(DATA_DIR_KEYS)

export interface BackupManifest {
  format: typeof FORMAT
  version: number
  createdAt: string
  /** How the dump was taken: by the running server, or by this command under the lock. */
  takenBy: 'running-server' | 'backup-command'
  files: number
}

/** The dump of the embedded database: asked of the running server, or taken under the lock. */
export async function dumpEmbeddedDatabase(
  dataDir: string,
): Promise<{ dump: Buffer; takenBy: BackupManifest['takenBy'] }> {
  let release: (() => void) | null = null
  try {
    release = lockDataDir(dataDir)
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    // A server holds the lock: it makes the dump itself.
    return { dump: await askRunningServer(dataDir), takenBy: 'running-server' }
  }
  try {
    if (!existsSync(path.join(dataDir, 'db'))) throw new Error(`No database in ${dataDir}/db.`)
    const db = await openPglite(path.join(dataDir, 'db'))
    try {
      return { dump: await dumpOf(db), takenBy: 'backup-command' }
    } finally {
      await db.close()
    }
  } finally {
    release()
  }
}

async function dumpOf(db: Database): Promise<Buffer> {
  if (!db.dump) throw new Error('This database cannot be dumped here: use pg_dump.')
  return db.dump()
}

async function askRunningServer(dataDir: string): Promise<Buffer> {
  const access = readBackupAccess(dataDir)
  if (!access) {
    throw new Error(
      `A server holds ${dataDir} but left no backup access file: restart it with this version, or stop it and run the backup again.`,
    )
  }
  const response = await fetch(`${access.url}/api/internal/backup`, {
    method: 'POST',
    headers: { [BACKUP_SECRET_HEADER]: access.secret },
  })
  if (!response.ok)
    throw new Error(`The running server refused the backup: ${response.status} ${await response.text()}`)
  return Buffer.from(await response.arrayBuffer())
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
}

/**
 * Writes a backup of DATA_DIR to `out` (mode 0600: it holds every password hash and the keys).
 * The database first, then the uploads: a file is written before the report that points at it
 * and never changed, so every file the dump refers to is in the archive.
 */
export async function backupDataDir(dataDir: string, out: string): Promise<BackupManifest> {
  const { dump, takenBy } = await dumpEmbeddedDatabase(dataDir)
  const staging = mkdtempSync(path.join(path.dirname(path.resolve(out)), '.backup-'))
  try {
    const uploads = path.join(dataDir, 'uploads')
    const manifest: BackupManifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      takenBy,
      files: countFiles(uploads),
    }
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    writeFileSync(path.join(staging, DATABASE_FILE), dump)
    const entries = ['manifest.json', DATABASE_FILE]
    // A key set in the environment instead is not in DATA_DIR: the operator keeps it.
    for (const key of KEY_FILES) {
      if (!existsSync(path.join(dataDir, key))) continue
      copyFileSync(path.join(dataDir, key), path.join(staging, key))
      entries.push(key)
    }
    if (existsSync(uploads)) {
      symlinkSync(path.resolve(uploads), path.join(staging, 'uploads'))
      entries.push('uploads')
    }
    // A symbolic link to the live uploads folder, archived as what it points at.
    await pipeline(
      tar.c({ cwd: staging, follow: true, portable: true }, entries),
      createWriteStream(out, { mode: 0o600 }),
    )
    chmodSync(out, 0o600)
    return manifest
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

export interface RestoreSummary {
  manifest: BackupManifest
  reports: number
  files: number
  /** The keys of DATA_DIR the archive held, now back in place. */
  keys: string[]
  /** Where the data replaced by the restore was moved, if there was any. */
  previousDataKeptIn: string | null
}

/**
 * Restores a backup into DATA_DIR. Refuses (DataDirLockedError) while a server holds DATA_DIR:
 * it would go on writing over the restored files. What was there is moved aside, not deleted.
 */
export async function restoreDataDir(archive: string, dataDir: string): Promise<RestoreSummary> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const release = lockDataDir(dataDir)
  const staging = mkdtempSync(path.join(dataDir, '.restore-'))
  try {
    await tar.x({ file: archive, cwd: staging, strict: true })
    const manifest = JSON.parse(readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as BackupManifest
    if (manifest.format !== FORMAT || manifest.version > VERSION) {
      throw new Error(`${archive} is not a backup this version can restore.`)
    }
    const dump = readFileSync(path.join(staging, DATABASE_FILE))
    // A key the archive lacks (a backup of an older version, or a key set in the environment)
    // stays as DATA_DIR has it: it may be the one the restored data was made with.
    const keys = KEY_FILES.filter((key) => existsSync(path.join(staging, key)))

    const replaced = [
      path.join(dataDir, 'db'),
      path.join(dataDir, 'uploads'),
      ...keys.map((key) => path.join(dataDir, key)),
    ].filter((item) => existsSync(item) && !(path.basename(item) === 'db' && readdirSync(item).length === 0))
    let previousDataKeptIn: string | null = null
    if (replaced.length > 0) {
      previousDataKeptIn = path.join(
        dataDir,
        `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`,
      )
      mkdirSync(previousDataKeptIn, { mode: 0o700 })
      for (const item of replaced) renameSync(item, path.join(previousDataKeptIn, path.basename(item)))
    }
    rmSync(path.join(dataDir, 'db'), { recursive: true, force: true })

    const db = await openPglite(path.join(dataDir, 'db'), dump)
    let reports: number
    try {
      const [row] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from reports`)
      reports = Number(row?.n ?? 0)
    } finally {
      await db.close()
    }
    if (existsSync(path.join(staging, 'uploads')))
      renameSync(path.join(staging, 'uploads'), path.join(dataDir, 'uploads'))
    else mkdirSync(path.join(dataDir, 'uploads'), { recursive: true })
    for (const key of keys) {
      copyFileSync(path.join(staging, key), path.join(dataDir, key))
      chmodSync(path.join(dataDir, key), 0o600)
    }
    // The archive's entries keep the modes they had where the backup was taken (uploads written
    // 0644 by an older version, for one): the restored DATA_DIR is the server's alone all the same.
    restrictToOwner(dataDir)
    return {
      manifest,
      reports,
      files: countFiles(path.join(dataDir, 'uploads')),
      keys,
      previousDataKeptIn,
    }
  } finally {
    rmSync(staging, { recursive: true, force: true })
    release()
  }
}
