import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { DatabaseKind } from '../../domain/health'
import { restrictToOwner } from '../data-dir'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** The largest value of a `serial` id (PostgreSQL `integer`): a larger one is an error in SQL, not a miss. */
export const SERIAL_ID_MAX = 2_147_483_647
export function isSerialId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= SERIAL_ID_MAX
}

/** A listener on PostgreSQL notifications, whichever engine runs them. */
export type Unlisten = () => Promise<void>

export interface Database {
  kind: DatabaseKind
  db: Db
  /** LISTEN on a channel: the fan-out of live events across server instances. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>
  /**
   * The embedded database's whole data directory as a gzipped tarball, taken between two
   * queries (PGlite runs one at a time): crash-consistent, like a snapshot of the disk, and
   * recovered on load. Undefined on a PostgreSQL server: there, pg_dump.
   */
  dump?(): Promise<Buffer>
  close(): Promise<void>
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations')
// Several app instances may start at once on one PostgreSQL: only one migrates at a time.
const MIGRATION_LOCK_ID = 7_274_001

/**
 * PGlite in `dir`, or in memory when `dir` is undefined (tests); `restoreFrom` fills an empty
 * `dir` from a dump (`Database.dump`) first.
 */
export async function openPglite(dir: string | undefined, restoreFrom?: Buffer): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 })
  const client = await PGlite.create({
    // The text searches' trigram index (migration 0002_read_models).
    extensions: { pg_trgm },
    ...(dir ? { dataDir: dir } : {}),
    ...(restoreFrom ? { loadDataDir: new Blob([new Uint8Array(restoreFrom)]) } : {}),
  })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migratePglite(drizzlePglite(client), { migrationsFolder })
  // PGlite gives the files of a new or restored database mode 0666 whatever the umask, and a few
  // files it writes later 0644: closed to others once it has written them, and again on close.
  const closeToOthers = () => {
    if (dir) restrictToOwner(dir)
  }
  closeToOthers()
  return {
    kind: 'pglite',
    db,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload)
      return unsubscribe
    },
    async dump() {
      // A checkpoint first: the restored copy then has little write-ahead log to replay.
      await client.exec('checkpoint')
      const tarball = await client.dumpDataDir('gzip')
      return Buffer.from(await tarball.arrayBuffer())
    },
    async close() {
      await client.close()
      closeToOthers()
    },
  }
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  })
  const db = drizzlePg(pool, { schema }) as unknown as Db
  const lockClient = await pool.connect()
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
    await checkRequiredExtensions(lockClient)
    await migratePg(drizzlePg(lockClient), { migrationsFolder })
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
    lockClient.release()
  }
  const listeners = new Set<pg.PoolClient>()
  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload) {
      // LISTEN needs a connection of its own, kept out of the pool while listening.
      const client = await pool.connect()
      listeners.add(client)
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload)
      })
      await client.query(`LISTEN ${quoteIdentifier(channel)}`)
      return async () => {
        listeners.delete(client)
        await client.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {})
        client.release()
      }
    },
    async close() {
      if (pool.ended) return
      for (const client of listeners) client.release()
      listeners.clear()
      await pool.end()
    },
  }
}

/** The server cannot run on this PostgreSQL server as it is; the message says what to do. */
export class DatabaseSetupError extends Error {}

/**
 * The migrations create pg_trgm (text search). Rather than fail half-way through a migration,
 * or fall back on searches that read every report, the server says what is missing and stops.
 */
async function checkRequiredExtensions(client: pg.PoolClient) {
  const { rows } = await client.query<{ installed: boolean; available: boolean; may_create: boolean }>(
    `select
       exists (select 1 from pg_extension where extname = 'pg_trgm') as installed,
       exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available,
       has_database_privilege(current_database(), 'CREATE') as may_create`,
  )
  const state = rows[0]
  if (!state || state.installed) return
  if (!state.available) {
    throw new DatabaseSetupError(
      'PostgreSQL : l’extension pg_trgm (recherche de texte) n’est pas installée sur le serveur. Installez les modules « contrib » de PostgreSQL (Debian : paquet postgresql-contrib, inclus dans postgresql-15), puis relancez.',
    )
  }
  if (!state.may_create) {
    throw new DatabaseSetupError(
      'PostgreSQL : l’extension pg_trgm (recherche de texte) manque dans la base, et cet utilisateur ne peut pas la créer. Exécutez « CREATE EXTENSION pg_trgm; » dans la base en tant que propriétaire de la base ou superutilisateur, puis relancez.',
    )
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** Sends a notification on a channel; every instance listening receives it. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`)
}
