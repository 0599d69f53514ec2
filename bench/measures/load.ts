// A route under load: autocannon on loopback, after a short warm-up, every request saying what
// a browser says. Every family that measures throughput goes through `measure`.
import autocannon from 'autocannon'
import { type Goal, log, type Measure, percentile } from './figures'

/** How many connections, for how many seconds a route (`--connections`, `--duration`). */
export interface Load {
  connections: number
  duration: number
}

export const WARM_UP_S = 1

/** What Chromium sends with every request. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

function describeMeasure(m: Measure) {
  const ratio = m.ratioToBare ? `  ${(m.ratioToBare * 100).toFixed(0)} % of bare` : ''
  return `  ${m.route.padEnd(52)} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${m.p50.toFixed(1)}  p95 ${m.p95.toFixed(1)}  p99 ${m.p99.toFixed(1)} ms  errors ${m.errors}${ratio}`
}

/** One route under load, beside the bare route's req/s (`bare`) when given. */
export async function measure(
  { connections, duration }: Load,
  route: string,
  options: autocannon.Options,
  bare: number | null,
  extra: { goal?: Goal; note?: string } = {},
): Promise<Measure> {
  // Every request says what a browser says: it takes brotli and gzip (the bare route ignores it).
  options = { ...options, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...options.headers } }
  // A short warm-up first (JIT, connection pools, caches), not counted: the same for every route.
  await new Promise<void>((resolve, reject) => {
    autocannon({ connections, duration: WARM_UP_S, ...options }, (error) =>
      error ? reject(error) : resolve(),
    )
  })
  const latencies: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections, duration, ...options }, (error, finished) =>
      error ? reject(error) : resolve(finished),
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  })
  latencies.sort((a, b) => a - b)
  const requestsPerSecond = result.requests.average
  const measured: Measure = {
    route,
    requestsPerSecond,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    ratioToBare: bare ? requestsPerSecond / bare : null,
    ...extra,
  }
  log(describeMeasure(measured))
  return measured
}
