// What every family of measures shares: the databases, the goals, the figures they produce and
// how percentiles are read from them.

export type Kind = 'pglite' | 'postgres'

export const log = (line: string) => console.log(line)

export const mb = (bytes: number) => bytes / 2 ** 20

/** The goals of issue 7 on a 2-core machine with 1,000,000 reports. */
export interface Goal {
  /** p95 in ms, per database. */
  p95?: Partial<Record<Kind, number>>
}
export const LIST_GOAL: Goal = { p95: { postgres: 50, pglite: 250 } }

/** A route under load (autocannon). */
export interface Measure {
  route: string
  requestsPerSecond: number
  p50: number
  p95: number
  p99: number
  requests: number
  errors: number
  ratioToBare: number | null
  goal?: Goal
  note?: string
}

/** Requests or work timed one by one (or a few at once): what nothing cached can answer. */
export interface ColdFigures {
  what: string
  /** p95 in ms, per database (issue 19). */
  goal?: Partial<Record<Kind, number>>
  count: number
  p50: number
  p95: number
  max: number
}

export interface ExportFigures {
  filter: string
  rows: number
  seconds: number
  rowsPerSecond: number
  rssBeforeMb: number
  peakRssMb: number
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  )
}

/** The figures of times already sorted. */
export function coldFigures(
  what: string,
  sorted: number[],
  goal?: Partial<Record<Kind, number>>,
): ColdFigures {
  return {
    what,
    goal,
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? 0,
  }
}
