// The home's public routes and the lightest signed-in read under load, beside the bare route:
// what nearly every visit asks.
import type autocannon from 'autocannon'
import { type Goal, type Kind, LIST_GOAL, type Measure } from './figures'
import { measure } from './load'
import { STATS_GOAL } from './on-database'
import { type BenchRun, bearer } from './server'

/** The home's recent reports: this share of the bare route's req/s, per database. */
export const RECENT_RATIO_GOAL: Partial<Record<Kind, number>> = { postgres: 0.6 }
/** How many times the bare route and the recent route are measured in turns for that ratio. */
export const RATIO_ROUNDS = 3

const CACHED = 'answered by the read cache (no report changes during the measure)'
const MAP_GOAL: Goal = { p95: { postgres: 50, pglite: 50 } }

// Views of the department of Dakar: the whole of it (what the home map shows first) and, for the
// views nothing cached can answer, a view of a few communes moved at random on every request.
const DAKAR_VIEW = '-17.53,14.66,-17.40,14.78'
function randomDakarView(): string {
  const width = 0.02 + Math.random() * 0.1
  const height = width * 0.9
  const minLon = -17.53 + Math.random() * (0.13 - width)
  const minLat = 14.66 + Math.random() * (0.12 - height)
  return [minLon, minLat, minLon + width, minLat + height].map((v) => v.toFixed(5)).join(',')
}

/** The home page's reads: its recent reports, its count, its map (the whole view, then new ones). */
export async function measureHomeRoutes({
  load,
  server,
  bareRequestsPerSecond: ref,
}: BenchRun): Promise<Measure[]> {
  const { base } = server
  const routes: [string, autocannon.Options, { goal?: Goal; note?: string }][] = [
    ['GET /api/reports/recent', { url: `${base}/api/reports/recent` }, { goal: LIST_GOAL, note: CACHED }],
    ['GET /api/reports/count', { url: `${base}/api/reports/count` }, { goal: LIST_GOAL, note: CACHED }],
    [
      'GET /api/reports/map (the Dakar view)',
      { url: `${base}/api/reports/map?bbox=${DAKAR_VIEW}` },
      { goal: MAP_GOAL, note: CACHED },
    ],
    [
      'GET /api/reports/map (a new Dakar view each time)',
      {
        url: `${base}/api/reports/map`,
        requests: [
          {
            setupRequest: (request) => ({ ...request, path: `/api/reports/map?bbox=${randomDakarView()}` }),
          },
        ],
      },
      { goal: MAP_GOAL, note: 'never cached: every request a new view' },
    ],
  ]
  const measures: Measure[] = []
  for (const [route, options, extra] of routes) measures.push(await measure(load, route, options, ref, extra))
  return measures
}

export function measureLightestSignedInRead({ load, server, sessions, bareRequestsPerSecond }: BenchRun) {
  return measure(
    load,
    'GET /api/org/me',
    { url: `${server.base}/api/org/me`, headers: bearer(sessions.orgToken) },
    bareRequestsPerSecond,
    { note: 'the lightest signed-in read: the session check, then one row and its categories' },
  )
}

export function measurePublicStatistics({ load, server, bareRequestsPerSecond }: BenchRun) {
  return measure(
    load,
    'GET /api/public/stats',
    { url: `${server.base}/api/public/stats` },
    bareRequestsPerSecond,
    {
      goal: { p95: STATS_GOAL },
      note: CACHED,
    },
  )
}

/**
 * The bare route and the recent reports measured in turns, their req/s: the bare route's figure
 * swings by ±15 % from one measure to the next on this machine, so the ratio goal is judged on
 * these, the median of each.
 */
export async function measureRecentInTurns({ load, server }: BenchRun) {
  const inTurns: { bare: number[]; recent: number[] } = { bare: [], recent: [] }
  for (let round = 1; round <= RATIO_ROUNDS; round++) {
    const bareTurn = await measure(load, `bare Fastify route (turn ${round})`, { url: server.bareUrl }, null)
    const recentTurn = await measure(
      load,
      `GET /api/reports/recent (turn ${round})`,
      { url: `${server.base}/api/reports/recent` },
      bareTurn.requestsPerSecond,
    )
    inTurns.bare.push(bareTurn.requestsPerSecond)
    inTurns.recent.push(recentTurn.requestsPerSecond)
  }
  return inTurns
}
