// `npm run fuzz`: property-based fuzzing of every route of the app (10,000 cases by default),
// in process on a fresh database: PGlite, or PostgreSQL with `--db postgres` (TEST_DATABASE_URL,
// default the local server). Prints the number of cases and every contract breach (a 5xx, an
// error that is not the JSON error body, no answer, the server no longer answering), with the
// smallest request that shows it. Exits with 1 when there is one.
//   npm run fuzz -- --cases 50000 --seed 42 --db postgres
import { parseArgs } from 'node:util'
import { answeringGeocoder, fuzzRoutes, prepareFuzzFixture } from '../../src/server/test/fuzz/route-fuzzer'
import { buildTestApp } from '../../src/server/test/helper'

const { values: args } = parseArgs({
  options: {
    cases: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    db: { type: 'string', default: 'pglite' },
  },
})

async function main() {
  const wanted = Number(args.cases)
  if (!Number.isInteger(wanted) || wanted < 1) throw new Error('--cases must be a positive integer')
  if (args.db === 'postgres') {
    process.env.TEST_DB = 'postgres'
    process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test'
  }
  const seed = args.seed === undefined ? Date.now() % 2 ** 31 : Number(args.seed)
  const ctx = await buildTestApp({ geocoder: answeringGeocoder })
  let crashed: unknown = null
  const onCrash = (error: unknown) => {
    crashed = error
  }
  process.on('unhandledRejection', onCrash)
  process.on('uncaughtException', onCrash)
  try {
    const fixture = await prepareFuzzFixture(ctx)
    const routes = ctx.app.routeTable.length
    const casesPerRoute = Math.ceil(wanted / routes)
    console.log(`Fuzzing ${routes} routes on ${ctx.db.kind}, ${casesPerRoute} cases each (seed ${seed})`)
    const started = Date.now()
    const report = await fuzzRoutes(ctx, fixture, {
      casesPerRoute,
      seed,
      onRoute: (route, sent) => console.log(`  ${route}: ${sent} requests`),
    })
    const seconds = ((Date.now() - started) / 1000).toFixed(0)
    console.log(
      `\n${report.cases} cases (${report.requests} requests) on ${report.routes} routes in ${seconds} s: ${report.failures.length} contract breaches`,
    )
    for (const failure of report.failures) console.log(`\n✗ ${failure}`)
    if (crashed) console.log(`\n✗ the process saw an unhandled error: ${String(crashed)}`)
    process.exitCode = report.failures.length > 0 || crashed ? 1 : 0
  } finally {
    await ctx.close()
  }
}

await main()
