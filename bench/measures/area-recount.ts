// Issue 30: the communes' limits imported through the API, and the time until every report has
// its commune again. PostgreSQL only.
import pg from 'pg'
import { sleep } from '../../src/server/test/server-process'
import { benchCommuneLimits } from '../area-limits'
import { type ColdFigures, log } from './figures'
import { bearer } from './server'

/** An import of limits and its recount of every report's commune, within a minute. */
const AREA_RECOUNT_GOAL = { postgres: 60_000 }

/** Until GET /api/admin/areas says the recount is over; the milliseconds it took. */
async function recountWaited(base: string, token: string, started: number): Promise<number> {
  for (;;) {
    const res = await fetch(`${base}/api/admin/areas`, { headers: bearer(token) })
    if (!((await res.json()) as { recounting: boolean }).recounting) return performance.now() - started
    await sleep(250)
  }
}

/**
 * The 19 communes' limits imported (about 400 points each, bench/area-limits.ts), then the time
 * until every report has its commune again; then the centres' approximation back, as the dataset
 * was (the limits cleared in SQL: the API takes limits, it does not clear them all).
 */
export async function measureAreaRecount(
  base: string,
  token: string,
  databaseUrl: string,
): Promise<ColdFigures> {
  const started = performance.now()
  const res = await fetch(`${base}/api/admin/areas`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(benchCommuneLimits()),
  })
  if (!res.ok) throw new Error(`import of limits: ${res.status} ${await res.text()}`)
  const ms = await recountWaited(base, token, started)
  const what = `import of the 19 communes' limits (400 points each), until every report's commune is recounted`
  log(`  ${what}: ${(ms / 1000).toFixed(1)} s`)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`begin;
      delete from area_rings;
      update areas set boundary = null, boundary_imported_at = null;
      insert into area_recount (id, after_id) values (1, null) on conflict (id) do update set after_id = null;
      commit;`)
  } finally {
    await client.end()
  }
  // The server's rounds find the recount asked for within their 30 s.
  log(
    `  back to the centres' approximation in ${((await recountWaited(base, token, performance.now())) / 1000).toFixed(1)} s`,
  )
  return { what, goal: AREA_RECOUNT_GOAL, count: 1, p50: ms, p95: ms, max: ms }
}
