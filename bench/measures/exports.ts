// The administrator's CSV export streamed whole, the server's resident memory watched meanwhile:
// its speed, and whether what it adds stays the same for four times the rows.
import { type ExportFigures, log, mb } from './figures'
import { type BenchRun, bearer, readRss } from './server'

/**
 * How much more memory than a quarter's export the whole export may add to the server's resident
 * size (its peak less its size before) and still count as constant: the resident size of a Node
 * process wanders by a few megabytes between two samples. What the server keeps between exports
 * (a heap grown to its working size, PGlite's WebAssembly memory, which never shrinks) is in
 * both "before" figures, not in what an export adds.
 */
export const CONSTANT_MEMORY_SLACK_MB = 16

/** Streams the whole CSV export, watching the server's resident memory every 100 ms. */
async function measureExport(
  base: string,
  token: string,
  serverPid: number | undefined,
  filter: string,
  label = filter || '(everything)',
): Promise<ExportFigures> {
  const rssBefore = readRss(serverPid)
  let peakRss = rssBefore
  const watch = setInterval(() => {
    peakRss = Math.max(peakRss, readRss(serverPid))
  }, 100)
  const started = Date.now()
  let rows = -1
  try {
    const res = await fetch(`${base}/api/admin/reports/export.csv${filter}`, { headers: bearer(token) })
    const reader = res.body?.getReader()
    for (;;) {
      const chunk = await reader?.read()
      if (!chunk || chunk.done) break
      for (const byte of chunk.value) if (byte === 10) rows++
    }
  } finally {
    clearInterval(watch)
  }
  const seconds = (Date.now() - started) / 1000
  const figures: ExportFigures = {
    filter: label,
    rows,
    seconds,
    rowsPerSecond: rows / seconds,
    rssBeforeMb: mb(rssBefore),
    peakRssMb: mb(peakRss),
  }
  log(
    `  CSV export ${figures.filter}: ${rows} rows in ${seconds.toFixed(1)} s = ${figures.rowsPerSecond.toFixed(0)} rows/s, server RSS ${figures.rssBeforeMb.toFixed(0)} MB before, ${figures.peakRssMb.toFixed(0)} MB at most`,
  )
  return figures
}

/**
 * Growing exports, then the whole one again: the first ones also grow the JavaScript heap to its
 * working size (memory the server keeps and reuses, not rows it holds). Constant memory is an
 * export that adds no more memory for four times the rows (the second and the last).
 */
export async function measureExports({ server: { base, pid }, sessions: { adminToken } }: BenchRun) {
  return [
    await measureExport(base, adminToken, pid, '?status=rejete'),
    await measureExport(base, adminToken, pid, '?status=en-cours'),
    await measureExport(base, adminToken, pid, ''),
    await measureExport(base, adminToken, pid, '', '(everything, again)'),
  ]
}

/** The export's goals for the results: its speed, and its memory beside a quarter's. */
export function exportGoalLines(exports: ExportFigures[]): string[] {
  const whole = exports.at(-1)
  const part = exports[1]
  if (!whole || !part) return []
  const added = (e: ExportFigures) => e.peakRssMb - e.rssBeforeMb
  const flat = added(whole) - added(part) <= CONSTANT_MEMORY_SLACK_MB
  return [
    `| CSV export, every report (second run) | ≥ 50,000 rows/s | ${whole.rowsPerSecond.toFixed(0)} rows/s | ${whole.rowsPerSecond >= 50_000 ? 'met' : '**not met**'} |`,
    `| CSV export, every report (second run) | constant memory: what it adds to the server's RSS at most ${CONSTANT_MEMORY_SLACK_MB} MB above what a quarter's export adds | +${added(whole).toFixed(0)} MB for ${whole.rows} rows, +${added(part).toFixed(0)} MB for ${part.rows} | ${flat ? 'met' : '**not met**'} |`,
  ]
}
