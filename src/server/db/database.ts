import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
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
  /**
   * LISTEN on a channel: the fan-out of live events across server instances. `onLost` is called
   * once if the connection that listens is lost (a database restart, a failover): the listener is
   * gone then, and notifications sent meanwhile are lost; the caller listens again when it can.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost: (error: Error) => void,
  ): Promise<Unlisten>
  /**
   * The embedded database's whole data directory as a gzipped tarball, taken between two
   * queries (PGlite runs one at a time): crash-consistent, like a snapshot of the disk, and
   * recovered on load. Undefined on a PostgreSQL server: there, pg_dump.
   */
  dump?(): Promise<Buffer>
  close(): Promise<void>
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations')

type RunStatement = (statement: string) => Promise<{ rows: unknown[] }>

/** How many migrations the database has taken (none before the first). */
async function migrationsTaken(run: RunStatement): Promise<number> {
  const { rows } = await run(`select to_regclass('drizzle.__drizzle_migrations') is not null as made`)
  if (!(rows[0] as { made: boolean } | undefined)?.made) return 0
  const counted = await run('select count(*)::int as n from drizzle.__drizzle_migrations')
  return Number((counted.rows[0] as { n: number } | undefined)?.n ?? 0)
}

/** A table this large is worth vacuuming at once after a migration rewrote it. */
const REWRITTEN_TABLE_MIN_PAGES = 1000

/**
 * Migrates, then vacuums the reports when a migration just rewrote their table (0017_areas: ALTER
 * TABLE … USING). A rewritten table has an empty visibility map, so every index-only scan of the
 * lists reads the table too, and autovacuum, which counts dead and inserted rows, never comes:
 * a rewrite leaves neither. VACUUM cannot run inside the migrations' transaction, hence here.
 */
async function migrateAndVacuum(run: RunStatement, migrate: () => Promise<unknown>): Promise<void> {
  const before = await migrationsTaken(run)
  await migrate()
  if (before === 0 || (await migrationsTaken(run)) === before) return
  const { rows } = await run(
    `select relpages, relallvisible from pg_class where oid = 'public.reports'::regclass`,
  )
  const table = rows[0] as { relpages: number; relallvisible: number } | undefined
  if (table && table.relpages >= REWRITTEN_TABLE_MIN_PAGES && table.relallvisible < table.relpages / 2) {
    await run('vacuum (analyze) reports')
  }
}
// Several app instances may start at once on one PostgreSQL: only one migrates at a time.
const MIGRATION_LOCK_ID = 7_274_001

/**
 * PGlite in `dir`, or in memory when `dir` is undefined (tests); `restoreFrom` fills an empty
 * `dir` from a dump (`Database.dump`) first.
 */
export async function openPglite(dir: string | undefined, restoreFrom?: Buffer): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 })
  const client = await PGlite.create({
    // Text search: trigrams (migration 0002_read_models), words without accents
    // (0006_search_unaccent, 0007_search_full_text), by category and status in the same index.
    extensions: { pg_trgm, unaccent, btree_gin },
    ...(dir ? { dataDir: dir } : {}),
    ...(restoreFrom ? { loadDataDir: new Blob([new Uint8Array(restoreFrom)]) } : {}),
  })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migrateAndVacuum(
    (statement) => client.query(statement),
    () => migratePglite(drizzlePglite(client), { migrationsFolder }),
  )
  // PGlite gives the files of a new or restored database mode 0666 whatever the umask, and a few
  // files it writes later 0644: closed to others once it has written them, and again on close.
  const closeToOthers = () => {
    if (dir) restrictToOwner(dir)
  }
  closeToOthers()
  return {
    kind: 'pglite',
    db,
    // The embedded database lives in this process: its listener is never lost.
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

/** How long a request waits for a new connection before it is answered 503 (an outage). */
const CONNECT_TIMEOUT_MS = 5_000
const IDLE_CONNECTION_MS = 5 * 60_000

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // While the server is down, restarting or failing over, a request fails within seconds (503)
    // instead of waiting for a connection until the request timeout.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server that vanished without closing its connections (a failover) is noticed.
    keepAlive: true,
    // A new connection's first search costs about 40 ms more (PostgreSQL loads the text search
    // configuration and the reports' indexes into that backend): idle ones are kept five minutes,
    // not pg's ten seconds, so that an agent searching every minute meets a warm one.
    idleTimeoutMillis: IDLE_CONNECTION_MS,
  })
  // An idle client lost its connection (a restart ends them all with 57P01): the pool drops it
  // and opens another on next use. Without a listener, the 'error' event would end the process.
  pool.on('error', () => {})
  // Checked out of the pool (a transaction between two statements, the migration lock), a client
  // has no listener of the pool's: its connection's loss fails its query, never the process.
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = drizzlePg(pool, { schema }) as unknown as Db
  const lockClient = await pool.connect()
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
    await checkRequiredExtensions(lockClient)
    await migrateAndVacuum(
      (statement) => lockClient.query(statement),
      () => migratePg(drizzlePg(lockClient), { migrationsFolder }),
    )
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
    lockClient.release()
  }
  const listeners = new Set<() => void>()
  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload, onLost) {
      // LISTEN needs a connection of its own, kept out of the pool while listening.
      const client = await pool.connect()
      // Widened on purpose: the callbacks below change it while LISTEN runs.
      let state = 'starting' as 'starting' | 'listening' | 'done'
      const release = (error?: Error) => {
        state = 'done'
        listeners.delete(release)
        // With an error, the pool closes the connection instead of lending it again.
        client.release(error)
      }
      client.on('error', (error) => {
        if (state === 'done') return
        const wasListening = state === 'listening'
        release(error)
        if (wasListening) onLost(error)
      })
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload)
      })
      listeners.add(release)
      try {
        await client.query(`LISTEN ${quoteIdentifier(channel)}`)
      } catch (error) {
        if (state !== 'done') release(error as Error)
        throw error
      }
      if (state === 'done') throw new Error('Connection terminated while starting to listen')
      state = 'listening'
      return async () => {
        if (state === 'done') return
        state = 'done'
        await client.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {})
        release()
      }
    },
    async close() {
      if (pool.ended) return
      for (const release of listeners) release()
      await pool.end()
    },
  }
}

/** The server cannot run on this PostgreSQL server as it is; the message says what to do. */
export class DatabaseSetupError extends Error {}

/** The extensions the migrations create, and what each is for (said when one is missing). */
const REQUIRED_EXTENSIONS = [
  { name: 'pg_trgm', purpose: 'recherche de texte' },
  { name: 'unaccent', purpose: 'recherche sans accents' },
  { name: 'btree_gin', purpose: 'recherche par catégorie et statut' },
] as const

/**
 * The migrations create pg_trgm, unaccent and btree_gin (text search). Rather than fail half-way through a
 * migration, or fall back on searches that read every report, the server says what is missing
 * and stops.
 */
async function checkRequiredExtensions(client: pg.PoolClient) {
  for (const { name, purpose } of REQUIRED_EXTENSIONS) {
    const { rows } = await client.query<{ installed: boolean; available: boolean; may_create: boolean }>(
      `select
         exists (select 1 from pg_extension where extname = $1) as installed,
         exists (select 1 from pg_available_extensions where name = $1) as available,
         has_database_privilege(current_database(), 'CREATE') as may_create`,
      [name],
    )
    const state = rows[0]
    if (!state || state.installed) continue
    if (!state.available) {
      throw new DatabaseSetupError(
        `PostgreSQL : l’extension ${name} (${purpose}) n’est pas installée sur le serveur. Installez les modules « contrib » de PostgreSQL (Debian : paquet postgresql-contrib, inclus dans postgresql-15), puis relancez.`,
      )
    }
    if (!state.may_create) {
      throw new DatabaseSetupError(
        `PostgreSQL : l’extension ${name} (${purpose}) manque dans la base, et cet utilisateur ne peut pas la créer. Exécutez « CREATE EXTENSION ${name} » dans la base en tant que propriétaire de la base ou superutilisateur, puis relancez.`,
      )
    }
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
