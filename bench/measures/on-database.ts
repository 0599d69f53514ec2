// What is timed on the database itself, in the bench's process before the server starts (PGlite
// takes one process at a time), without HTTP's spread.
import { sql } from 'drizzle-orm'
import { createAccessTokens } from '../../src/server/auth/access-tokens'
import { createAuthService } from '../../src/server/auth/auth-service'
import { loadPrincipal } from '../../src/server/auth/principals'
import { systemClock } from '../../src/server/clock'
import type { Database } from '../../src/server/db/database'
import { publicStatistics } from '../../src/server/public-data/statistics-repository'
import { BENCH_DESCRIPTION, BENCH_ORG_PASSWORD, benchOrgEmail, removeBenchFilings } from '../generate-dataset'
import { type ColdFigures, coldFigures, type Kind, log } from './figures'

/** Issue 18: the public statistics at a million reports, p95 on PostgreSQL. */
export const STATS_GOAL = { postgres: 50 }
/** How many times the statistics are computed afresh from the count tables (no cache). */
const STATS_COMPUTATIONS = 100
/**
 * Untimed computations first: a running server has compiled this code long ago, while a fresh
 * process's first ten take 50–175 ms as V8 compiles it (and were most of a p95 of 30).
 */
const STATS_WARM_UP = 10
/** How many report rows are inserted one by one to time the database's share of a filing. */
const ROW_FILINGS = 500
/** How many times a signed-in request's session is checked, one after the other, to time it. */
const SESSION_CHECKS = 2000

/** Times `work` done `count` times one after the other, and prints the figures. */
async function timeEach(
  what: string,
  count: number,
  work: (i: number) => Promise<unknown>,
  goal?: Partial<Record<Kind, number>>,
  warmUp = 1,
): Promise<ColdFigures> {
  // Untimed first: the first call opens the pool's connections, which a running server has open.
  for (let i = 0; i < warmUp; i++) await work(count + i)
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await work(i)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const figures = coldFigures(what, times, goal)
  log(
    `  ${figures.what}: ${times.length} times  p50 ${figures.p50.toFixed(1)}  p95 ${figures.p95.toFixed(1)}  max ${figures.max.toFixed(1)} ms`,
  )
  return figures
}

/**
 * Times two pieces of work done `count` times each, one after the other in turns (which goes first
 * alternates): a machine's load that comes and goes weighs on both alike.
 */
async function timeInTurns(
  count: number,
  works: [[string, () => Promise<unknown>], [string, () => Promise<unknown>]],
): Promise<ColdFigures[]> {
  const times: [number[], number[]] = [[], []]
  for (let i = 0; i < count; i++) {
    for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const started = performance.now()
      await works[which]?.[1]()
      times[which]?.push(performance.now() - started)
    }
  }
  return works.map(([what], which) => {
    const figures = coldFigures(
      what,
      (times[which] ?? []).sort((a, b) => a - b),
    )
    log(
      `  ${what}: ${figures.count} times  p50 ${figures.p50.toFixed(2)}  p95 ${figures.p95.toFixed(2)}  max ${figures.max.toFixed(1)} ms`,
    )
    return figures
  })
}

/**
 * What every signed-in request pays before its route runs: the token (its signature checked once,
 * then remembered) and the account read again with its session, so that a suspension, a logout or
 * a password change applies at once.
 */
export async function measureSessionCheck(database: Database): Promise<ColdFigures[]> {
  const auth = createAuthService({
    db: database.db,
    clock: systemClock,
    tokens: createAccessTokens('bench-secret-bench-secret-bench-secret-!!'),
  })
  const opened = await auth.login({
    userType: 'organization',
    email: benchOrgEmail(1),
    password: BENCH_ORG_PASSWORD,
  })
  const userId = opened.session.user.id
  return timeInTurns(SESSION_CHECKS, [
    [
      'a signed-in request’s session check (token, account and session; no HTTP), one at a time',
      async () => {
        if (!(await auth.authenticate(opened.session.token))) throw new Error('session refused')
      },
    ],
    [
      'the same account read alone, without its session (the check before issue 27), in turns with it',
      () => loadPrincipal(database.db, 'organization', userId),
    ],
  ])
}

/** The public statistics computed afresh from the count tables: the route's cost right after a change emptied the read cache. */
export function measureStatisticsComputation(database: Database, kind: Kind): Promise<ColdFigures> {
  return timeEach(
    `public statistics computed from the count tables (no cache), one at a time, after ${STATS_WARM_UP} untimed`,
    STATS_COMPUTATIONS,
    () => publicStatistics(database.db, new Date()),
    kind === 'postgres' ? STATS_GOAL : undefined,
    STATS_WARM_UP,
  )
}

/**
 * A report's row filed alone (its indexes and every read model its triggers keep): the database's
 * share of a filing (issue 19 allows the search index 10 %). The rows are removed afterwards.
 */
export async function measureRowFiling(database: Database): Promise<ColdFigures> {
  const figures = await timeEach(
    'a report’s row inserted alone, with its read models (no HTTP)',
    ROW_FILINGS,
    (i) =>
      database.db.execute(sql`
        insert into reports (anonymous_code, category_id, type, description, latitude, longitude)
        values (${`BENCH-ROW-${Date.now()}-${i}`}, 1, 'Voirie', ${BENCH_DESCRIPTION},
          ${14.7 + (i % 100) / 10_000}, ${-17.45 + (i % 97) / 10_000})`),
  )
  await removeBenchFilings(database)
  return figures
}
