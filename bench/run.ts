// `npm run bench`: builds (or reuses) a large dataset, then measures each hot route with
// autocannon on loopback beside a bare Fastify route in the same run, on PGlite and on
// PostgreSQL when a server is available. Prints the figures and writes bench/RESULTS.md.
// A benchmark, never a test: it does not fail on time.
//
//   npm run bench                                   1,000,000 reports, 10 s a route, both databases
//   npm run bench -- --reports 100000 --duration 5  a quick check
//   npm run bench -- --db postgres --connections 20
//   npm run bench -- --generate-only                only make (or check) the datasets
//   npm run bench -- --reports 10000 --organizations 100 --only auth --out /tmp/auth.md
//                                                   what a signed-in request's session check costs
//
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
// (the server of that address; the dataset goes in a database of its own, alertes_bench_<size>).
//
// This file chooses what runs and writes the results; each family of measures is in bench/measures/.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Database } from '../src/server/db/database'
import type { DatasetSize } from './generate-dataset'
import { measureAreaRecount } from './measures/area-recount'
import { measureColdSearches } from './measures/cold-searches'
import { type PreparedDataset, prepareDataset } from './measures/dataset'
import { exportGoalLines, measureExports } from './measures/exports'
import {
  type ColdFigures,
  type ExportFigures,
  type Kind,
  log,
  type Measure,
  mb,
  median,
} from './measures/figures'
import { measureFilings } from './measures/filings'
import { measureLists } from './measures/lists'
import { type Load, measure, WARM_UP_S } from './measures/load'
import { measureRowFiling, measureSessionCheck, measureStatisticsComputation } from './measures/on-database'
import {
  measureHomeRoutes,
  measureLightestSignedInRead,
  measurePublicStatistics,
  measureRecentInTurns,
  RATIO_ROUNDS,
  RECENT_RATIO_GOAL,
} from './measures/routes'
import { type BenchRun, countPages, readRss, signIn, startServers } from './measures/server'

const { values: args } = parseArgs({
  options: {
    reports: { type: 'string', default: '1000000' },
    organizations: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    db: { type: 'string', default: 'pglite,postgres' },
    out: { type: 'string', default: 'bench/RESULTS.md' },
    /** The build whose bundle sizes the results show (`npm run build`). */
    'web-dir': { type: 'string', default: 'dist/web' },
    /** Only make the datasets (a long step at a million reports), measure nothing. */
    'generate-only': { type: 'boolean', default: false },
    /**
     * Only these parts, comma-separated: routes (autocannon), cold (first-time searches and
     * views), stats (the public statistics, issue 18), filing, exports, auth (what checking a
     * signed-in request's session costs), areas (an import of the communes' limits and the recount
     * of every report's commune, PostgreSQL only). A quick before/after of one change: `--only cold,filing`.
     */
    only: { type: 'string', default: 'routes,auth,cold,stats,areas,filing,exports' },
  },
})
const size: DatasetSize = { reports: Number(args.reports), organizations: Number(args.organizations) }
const load: Load = { duration: Number(args.duration), connections: Number(args.connections) }
const repoRoot = path.resolve(import.meta.dirname, '..')
const parts = new Set(String(args.only).split(','))

/** The section of bench/RESULTS.md that `npm run lighthouse` figures go to, kept by this bench. */
const FRONT_END_HEADING = '## Front end'

interface RunResult {
  kind: Kind
  database: string
  datasetSeconds: number
  measures: Measure[]
  cold: ColdFigures[]
  exports: ExportFigures[]
  /** The bare route's and the recent reports' req/s, measured in turns. */
  inTurns: { bare: number[]; recent: number[] }
  rssStartMb: number
  rssEndMb: number
}

/** The parts timed on the database itself, before the server starts. */
async function measureOnDatabase(database: Database, kind: Kind): Promise<ColdFigures[]> {
  const figures: ColdFigures[] = []
  if (parts.has('auth')) figures.push(...(await measureSessionCheck(database)))
  if (parts.has('stats')) figures.push(await measureStatisticsComputation(database, kind))
  if (parts.has('filing')) figures.push(await measureRowFiling(database))
  return figures
}

const prepare = (kind: Kind): Promise<PreparedDataset | null> =>
  prepareDataset(kind, size, (database) => measureOnDatabase(database, kind))

/** The parts measured through the running server, in this order: filings last, since each empties the read cache. */
async function measureThroughServer(run: BenchRun, prepared: PreparedDataset) {
  const measures: Measure[] = []
  const cold: ColdFigures[] = [...prepared.onDatabase]
  const exports: ExportFigures[] = []
  let inTurns: RunResult['inTurns'] = { bare: [], recent: [] }
  const { base } = run.server
  if (parts.has('routes')) measures.push(...(await measureHomeRoutes(run)), ...(await measureLists(run)))
  if (parts.has('auth')) measures.push(await measureLightestSignedInRead(run))
  if (parts.has('stats')) measures.push(await measurePublicStatistics(run))
  if (parts.has('cold')) cold.push(...(await measureColdSearches(run)))
  if (parts.has('areas') && run.kind === 'postgres') {
    cold.push(await measureAreaRecount(base, run.sessions.adminToken, prepared.env.DATABASE_URL as string))
  }
  if (parts.has('filing')) measures.push(...(await measureFilings(run)))
  if (parts.has('exports')) {
    exports.push(...(await measureExports(run)))
    inTurns = await measureRecentInTurns(run)
  }
  return { measures, cold, exports, inTurns }
}

async function runOn(kind: Kind): Promise<RunResult | null> {
  const prepared = await prepare(kind)
  if (!prepared) return null
  // The photos filed by the last run.
  rmSync(path.join(prepared.dataDir, 'uploads'), { recursive: true, force: true })
  const server = await startServers(prepared.env)
  try {
    const sessions = await signIn(server.base)
    const pages = await countPages(server.base, sessions)
    const rssStart = readRss(server.pid)
    // Each route's share of the bare route is of the bare route measured first, in the same run.
    const bare = await measure(load, 'bare Fastify route', { url: server.bareUrl }, null)
    const run: BenchRun = {
      kind,
      load,
      server,
      sessions,
      pages,
      bareRequestsPerSecond: bare.requestsPerSecond,
    }
    const figures = await measureThroughServer(run, prepared)
    return {
      kind,
      database: prepared.version,
      datasetSeconds: prepared.datasetSeconds,
      ...figures,
      measures: [bare, ...figures.measures],
      rssStartMb: mb(rssStart),
      rssEndMb: mb(readRss(server.pid)),
    }
  } finally {
    await server.stop()
  }
}

function goalLines(result: RunResult): string[] {
  const lines: string[] = []
  for (const m of result.measures) {
    const p95Goal = m.goal?.p95?.[result.kind]
    if (p95Goal !== undefined) {
      lines.push(
        `| ${m.route} | p95 ≤ ${p95Goal} ms | ${m.p95.toFixed(1)} ms | ${m.p95 <= p95Goal && m.errors === 0 ? 'met' : '**not met**'} |`,
      )
    }
  }
  for (const c of result.cold) {
    const p95Goal = c.goal?.[result.kind]
    if (p95Goal !== undefined) {
      lines.push(
        `| ${c.what} | p95 ≤ ${p95Goal} ms | ${c.p95.toFixed(1)} ms | ${c.p95 <= p95Goal ? 'met' : '**not met**'} |`,
      )
    }
  }
  const ratioGoal = RECENT_RATIO_GOAL[result.kind]
  if (ratioGoal !== undefined && result.inTurns.bare.length > 0) {
    const ratio = median(result.inTurns.recent) / median(result.inTurns.bare)
    lines.push(
      `| GET /api/reports/recent | ≥ ${ratioGoal * 100} % of the bare route's req/s (medians of ${RATIO_ROUNDS} turns each) | ${(ratio * 100).toFixed(0)} % | ${ratio >= ratioGoal ? 'met' : '**not met**'} |`,
    )
  }
  lines.push(...exportGoalLines(result.exports))
  return lines
}

function bundleSizes(): string[] {
  const webDir = String(args['web-dir'])
  if (!existsSync(path.join(repoRoot, webDir, '.vite/manifest.json'))) {
    return [`No build in ${webDir}: run \`npm run build\` before the benchmark to see the bundle sizes here.`]
  }
  try {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/checks/size.ts', '--dir', webDir],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    )
    return ['```', out.trim(), '```']
  } catch (error) {
    const out = (error as { stdout?: string }).stdout ?? String(error)
    return ['```', out.trim(), '```']
  }
}

/** How the run was made: the command, the machine and its load, the dataset, autocannon's settings. */
function headerLines(started: Date, loadBefore: number[], loadAfter: number[]): string[] {
  const cpu = os.cpus()
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB of memory, ${os.type()} ${os.release()}, Node ${process.version}`
  return [
    '# Benchmark results',
    '',
    `Produced by \`npm run bench -- --reports ${size.reports} --duration ${load.duration} --connections ${load.connections} --db ${args.db}\`, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `- Machine: ${machine}. Load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before the run, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after (on a shared machine the figures are noisy: compare each route with the bare route of the same run).`,
    `- Dataset: ${size.reports.toLocaleString('en')} reports over the 19 communes of Dakar (a year of growing use), ${size.organizations.toLocaleString('en')} organisations, their claims, messages and "Moi aussi" supporters (\`bench/generate-dataset.ts\`).`,
    `- autocannon on loopback, ${load.connections} connections, ${load.duration} s a route after ${WARM_UP_S} s of warm-up, after the bare Fastify route (\`bench/bare-server.ts\`) in the same run. The app server and the bare server run as separate processes with LOG_LEVEL=warn.`,
    '',
  ]
}

/** One database's section: the routes, the turns, the cold rows, the exports, the goals. */
function databaseLines(result: RunResult): string[] {
  return [
    `## ${result.kind}`,
    '',
    `${result.database}. Dataset ready (generated or reused) in ${result.datasetSeconds.toFixed(0)} s.`,
    '',
    '| route | req/s | p50 ms | p95 ms | p99 ms | requests | errors | vs bare | note |',
    '|---|---|---|---|---|---|---|---|---|',
    ...result.measures.map(
      (m) =>
        `| ${m.route} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)} | ${m.requests} | ${m.errors} | ${m.ratioToBare ? `${(m.ratioToBare * 100).toFixed(0)} %` : '—'} | ${m.note ?? ''} |`,
    ),
    '',
    `The bare route and the recent reports in turns (${RATIO_ROUNDS} × ${load.duration} s each), req/s:`,
    '',
    '| turn | bare Fastify route | GET /api/reports/recent | share |',
    '|---|---|---|---|',
    ...result.inTurns.bare.map((bare, turn) => {
      const recent = result.inTurns.recent[turn] ?? 0
      return `| ${turn + 1} | ${bare.toFixed(0)} | ${recent.toFixed(0)} | ${((100 * recent) / bare).toFixed(0)} % |`
    }),
    '',
    'What nothing cached can answer: requests (one at a time, or as many at once as the row says), and what is timed',
    'on the database itself before the server starts:',
    '',
    '| what | times | p50 ms | p95 ms | max ms |',
    '|---|---|---|---|---|',
    ...result.cold.map(
      (c) => `| ${c.what} | ${c.count} | ${c.p50.toFixed(1)} | ${c.p95.toFixed(1)} | ${c.max.toFixed(1)} |`,
    ),
    '',
    '| CSV export | rows | seconds | rows/s | server RSS before | server RSS peak |',
    '|---|---|---|---|---|---|',
    ...result.exports.map(
      (e) =>
        `| ${e.filter} | ${e.rows} | ${e.seconds.toFixed(1)} | ${e.rowsPerSecond.toFixed(0)} | ${e.rssBeforeMb.toFixed(0)} MB | ${e.peakRssMb.toFixed(0)} MB |`,
    ),
    '',
    `Server RSS: ${result.rssStartMb.toFixed(0)} MB before the routes, ${result.rssEndMb.toFixed(0)} MB at the end.`,
    '',
    `### Goals on ${result.kind}`,
    '',
    '| what | goal | measured | |',
    '|---|---|---|---|',
    ...goalLines(result),
    '',
  ]
}

/** Why the figures are what they are, and the bundle sizes of the build. */
function closingLines(): string[] {
  return [
    '## What the figures rest on',
    '',
    '- Counts (home page, list totals without a search, dashboard) come from count tables kept by triggers in the transaction of every change; the map of a large view adds up a pyramid of cells kept the same way; deep pages start at the day that holds them. `docs/decisions/0002-read-models-and-micro-cache.md`.',
    '- The home page\'s reads and the totals of searches are served by a micro-cache emptied by every change, on every instance (PostgreSQL LISTEN/NOTIFY). The rows "a new Dakar view each time" and the cold requests above are what the database itself gives.',
    '- Searches (issue 19, `docs/decisions/0009-searches-by-words.md`): words through a full-text index holding the status and priority beside them (admin) or the categories (an organisation\'s available reports); a count that stops at 1,000, or none when the planner expects more than 2,000 matches of common words; the page read by an index scan of the list\'s order when matches are many, by a bitmap scan of the full-text index when few; keyset cursors for the pages after. Known slow spot: phrases whose words go together ("nid de poule"), which the planner takes for rare and counts through the index. The middle pages of `sort=supporters` without a search skip rows from the closer end.',
    "- PGlite runs one query at a time, inside the server's own thread: with 10 connections, a request waits for the ones before it, so its p95 is about ten times the time of one query.",
    "- The home's public reads (recent, count, map) are cached already serialised and compressed (brotli, gzip), and every request of this bench says what a browser says (`accept-encoding: gzip, deflate, br, zstd`): the recent reports travel in about half their bytes (588 of 1,264 with brotli on the demo data). What still separates them from the bare route is Fastify's work around the route (the API's few security headers, the logger) and writing the response: in a CPU profile of the server during that measure, writing to the socket is a quarter of the time, the route itself under 1 %. The bare route's own figure varies by ±15 % from one measure to the next on this shared machine, so a ratio of two measures taken minutes apart does too (56–74 % in the runs of 2026-11-24): the goal is judged on the two routes measured in turns, the median of each.",
    '- The CSV export reads 5,000 rows a batch, the next while the last one is written out, and holds one batch at most while the client reads: what an export adds to the server\'s memory is the same for a quarter of the reports and for all of them. On PGlite (PostgreSQL compiled to WebAssembly, in the server\'s thread) rows come out at under 40,000 a second, and its WebAssembly memory grows to its working size and never shrinks (the "RSS before" column).',
    '',
    '## Bundle sizes (`npm run size`)',
    '',
    ...bundleSizes(),
    '',
  ]
}

/** Writes the results to `--out`, keeping its front-end section (`npm run lighthouse`, written by hand). */
function writeResults(lines: string[]) {
  const outFile = path.resolve(repoRoot, String(args.out))
  const previous = existsSync(outFile) ? readFileSync(outFile, 'utf8') : ''
  const frontEnd = previous.indexOf(`\n${FRONT_END_HEADING}`)
  writeFileSync(outFile, `${lines.join('\n')}\n${frontEnd < 0 ? '' : previous.slice(frontEnd)}`)
  // bench/RESULTS.md is committed: its tables aligned as `npm run lint` wants them.
  if (outFile.startsWith(`${repoRoot}${path.sep}`)) {
    execFileSync(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'format', '--write', outFile], {
      cwd: repoRoot,
      stdio: 'ignore',
    })
  }
  log(`\nwritten to ${args.out}`)
}

const kinds = String(args.db).split(',') as Kind[]

if (args['generate-only']) {
  for (const kind of kinds) {
    const prepared = await prepare(kind)
    if (prepared) log(`  ready in ${prepared.datasetSeconds.toFixed(0)} s: ${prepared.version}`)
  }
  process.exit(0)
}

const loadBefore = os.loadavg()
const started = new Date()
const results: RunResult[] = []
for (const kind of kinds) {
  const result = await runOn(kind)
  if (result) results.push(result)
}
const loadAfter = os.loadavg()
writeResults([
  ...headerLines(started, loadBefore, loadAfter),
  ...results.flatMap(databaseLines),
  ...closingLines(),
])
process.exit(0)
