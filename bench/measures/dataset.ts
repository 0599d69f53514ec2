// The dataset of a run, on one database: generated, or found there from an earlier run.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, openPglite, openPostgres, queryRows } from '../../src/server/db/database'
import { BENCH_ADMIN, type DatasetSize, ensureDataset, removeBenchFilings } from '../generate-dataset'
import { type ColdFigures, type Kind, log } from './figures'

const repoRoot = path.resolve(import.meta.dirname, '../..')

export interface PreparedDataset {
  /** The app server's environment on this dataset. */
  env: Record<string, string>
  dataDir: string
  version: string
  datasetSeconds: number
  /** Measured on the database before the server starts (`onDatabase`). */
  onDatabase: ColdFigures[]
}

async function databaseVersion(database: Database): Promise<string> {
  const [row] = await queryRows<{ version: string; shared_buffers: string }>(
    database.db,
    sql`select split_part(version(), ' on ', 1) as version, current_setting('shared_buffers') as shared_buffers`,
  )
  const where =
    database.kind === 'pglite'
      ? 'PGlite (WebAssembly, inside the server process)'
      : 'a PostgreSQL server on this machine'
  return `${row?.version}, ${where}, shared_buffers ${row?.shared_buffers}`
}

/**
 * The dataset's own database on the PostgreSQL server of BENCH_DATABASE_URL (else
 * TEST_DATABASE_URL, else the local one), created when missing; null when no server answers.
 */
async function benchPostgresUrl(size: DatasetSize): Promise<string | null> {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test'
  const name = `alertes_bench_${size.reports}`
  const admin = new pg.Client({ connectionString: serverUrl })
  try {
    await admin.connect()
  } catch {
    return null
  }
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
  if (exists.rowCount === 0) await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * Generates the dataset on one database, or finds it there, then runs `onDatabase` on it while
 * this process holds it; null when PostgreSQL is not reachable.
 */
export async function prepareDataset(
  kind: Kind,
  size: DatasetSize,
  onDatabase: (database: Database) => Promise<ColdFigures[]>,
): Promise<PreparedDataset | null> {
  log(`\n== ${kind} ==`)
  const env: Record<string, string> = {
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-!!',
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  }
  const dataDir = path.join(repoRoot, 'bench/data', `${kind}-${size.reports}`)
  mkdirSync(dataDir, { recursive: true })
  env.DATA_DIR = dataDir
  const loadStarted = Date.now()
  let database: Database
  if (kind === 'pglite') {
    database = await openPglite(path.join(dataDir, 'db'))
  } else {
    const url = await benchPostgresUrl(size)
    if (!url) {
      log('  no PostgreSQL server reachable: skipped')
      return null
    }
    env.DATABASE_URL = url
    database = await openPostgres(url)
  }
  await ensureDataset(database, size, log)
  // The reports filed by the last run.
  await removeBenchFilings(database)
  const version = await databaseVersion(database)
  const onDatabaseFigures = await onDatabase(database)
  await database.close()
  return {
    env,
    dataDir,
    version,
    datasetSeconds: (Date.now() - loadStarted) / 1000,
    onDatabase: onDatabaseFigures,
  }
}
