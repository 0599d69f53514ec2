import { describe, expect, it } from 'vitest'
import { type PageRead, type PageSource, readPage } from './paging'

// A list of 9,000 rows over 30 days, newest first, as the database would serve it.
const DAY_MS = 24 * 60 * 60 * 1000
const start = Date.UTC(2026, 0, 1)
const list = Array.from({ length: 9000 }, (_, i) => ({
  id: `r${String(i).padStart(5, '0')}`,
  // Uneven days: some hold many rows, some few.
  createdAt: start + Math.floor(((i * i) % 9001) / 300) * DAY_MS + i,
})).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))

function source(withDays: boolean) {
  const reads: PageRead[] = []
  const src: PageSource<{ id: string }> = {
    total: async () => list.length,
    rows: async (read) => {
      reads.push(read)
      const scope = read.before ? list.filter((row) => row.createdAt < Date.parse(read.before ?? '')) : list
      const ordered = read.reverse ? [...scope].reverse() : scope
      return ordered.slice(read.offset, read.offset + read.limit).map((row) => ({ id: row.id }))
    },
  }
  if (withDays) {
    src.days = async () => {
      const byDay = new Map<string, number>()
      for (const row of list) {
        const day = new Date(row.createdAt).toISOString().slice(0, 10)
        byDay.set(day, (byDay.get(day) ?? 0) + 1)
      }
      return [...byDay].map(([day, n]) => ({ day, n }))
    }
  }
  return { src, reads }
}

describe('readPage', () => {
  it.each([true, false])(
    'gives every page exactly as skipping rows would (counts per day: %s)',
    async (withDays) => {
      for (const pageSize of [10, 8]) {
        const pages = Math.ceil(list.length / pageSize)
        for (const page of [1, 2, 150, 200, 251, 400, 563, 700, 880, pages - 1, pages, pages + 1]) {
          const { src } = source(withDays)
          const result = await readPage(src, page, pageSize)
          const expected = list.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id)
          expect(result.items.map((row) => row.id)).toEqual(expected)
          expect(result).toMatchObject({ total: list.length, page, pageSize })
        }
      }
    },
  )

  it('never skips more than 2,000 rows, nor more than a day holds when it knows the days', async () => {
    const biggestDay = Math.max(
      ...[...new Set(list.map((r) => new Date(r.createdAt).toISOString().slice(0, 10)))].map(
        (day) => list.filter((r) => new Date(r.createdAt).toISOString().slice(0, 10) === day).length,
      ),
    )
    for (let page = 1; page <= 900; page += 37) {
      const { src, reads } = source(true)
      await readPage(src, page, 10)
      for (const read of reads) expect(read.offset).toBeLessThanOrEqual(Math.max(2000, biggestDay))
    }
    // Without the days, the last pages are read backwards from the end.
    const { src, reads } = source(false)
    await readPage(src, 900, 10)
    expect(reads).toEqual([{ offset: 0, limit: 10, reverse: true }])
  })
})
