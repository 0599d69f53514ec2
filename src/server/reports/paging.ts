// Pages of report lists that stay fast however deep the page: the API keeps `page` and `total`,
// and the database never skips more than a few thousand rows.
import { offsetOf, type Page } from '../../domain/pagination'
import type { DayCount } from './read-models'

/** Below this many rows from either end, a page is read from that end by skipping rows. */
const NEAR_AN_END = 2000

export interface PageRead {
  offset: number
  limit: number
  /** Read from the end of the list: the rows come in reverse order. */
  reverse: boolean
  /** Only reports filed before this moment (the start of a day, UTC). */
  before?: string
}

export interface PageSource<T> {
  /** The list's total, from the count tables or a count query. */
  total(): Promise<number>
  /** One stretch of the list, in list order (reverse order when `reverse`). */
  rows(read: PageRead): Promise<T[]>
  /**
   * Lists in filing order (newest first) with a count per day: where the n-th report is, so
   * that a page in the middle starts at the day that holds it.
   */
  days?(): Promise<DayCount[]>
}

/**
 * One page: near the start, by skipping rows from the start; near the end (the last pages), by
 * skipping rows from the end and reading backwards; in the middle, from the day that holds its
 * first row when the list has counts per day, else from the closer end.
 */
export async function readPage<T>(source: PageSource<T>, page: number, pageSize: number): Promise<Page<T>> {
  const offset = offsetOf(page, pageSize)
  if (offset < NEAR_AN_END) {
    const [total, items] = await Promise.all([
      source.total(),
      source.rows({ offset, limit: pageSize, reverse: false }),
    ])
    return { items, total, page, pageSize }
  }
  const total = await source.total()
  const items = offset >= total ? [] : await deepRows(source, offset, pageSize, total)
  return { items, total, page, pageSize }
}

async function deepRows<T>(source: PageSource<T>, offset: number, pageSize: number, total: number) {
  const end = Math.min(offset + pageSize, total)
  const fromEnd = total - end
  const backwards = async () =>
    (await source.rows({ offset: fromEnd, limit: end - offset, reverse: true })).reverse()
  if (fromEnd < NEAR_AN_END) return backwards()
  if (source.days) {
    const start = dayHolding(await source.days(), offset)
    if (start)
      return source.rows({ offset: start.skip, limit: pageSize, reverse: false, before: start.before })
  }
  return fromEnd < offset ? backwards() : source.rows({ offset, limit: pageSize, reverse: false })
}

/** The day (newest first) holding the row at `offset`, as a starting point and rows to skip from it. */
function dayHolding(days: DayCount[], offset: number): { before: string; skip: number } | null {
  let seen = 0
  for (const { day, n } of days) {
    if (seen + n > offset) {
      const next = new Date(`${day}T00:00:00.000Z`)
      next.setUTCDate(next.getUTCDate() + 1)
      return { before: next.toISOString(), skip: offset - seen }
    }
    seen += n
  }
  return null
}
