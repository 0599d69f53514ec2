import { describe, expect, it } from 'vitest'
import {
  bucketBounds,
  DURATION_BUCKET_MAX,
  durationBucket,
  medianFromBuckets,
  PUBLIC_DATA_MESSAGES,
  publicExportQuerySchema,
  shareResolved,
} from './public-data'

/** The histogram of some durations, as the database's triggers count them. */
function histogram(hours: number[]) {
  const counts = new Map<number, number>()
  for (const h of hours) counts.set(durationBucket(h), (counts.get(durationBucket(h)) ?? 0) + 1)
  return [...counts].map(([bucket, n]) => ({ bucket, n }))
}

describe('durationBucket', () => {
  it('puts less than an hour in the first bucket, then four buckets per doubling', () => {
    expect(durationBucket(0)).toBe(0)
    expect(durationBucket(0.99)).toBe(0)
    expect(durationBucket(-3)).toBe(0)
    expect(durationBucket(1)).toBe(1)
    expect(durationBucket(2)).toBe(5)
    expect(durationBucket(4)).toBe(9)
    expect(durationBucket(1e9)).toBe(DURATION_BUCKET_MAX)
  })

  it('holds each duration within its bucket’s bounds', () => {
    for (const hours of [0.2, 1, 1.5, 3, 7.9, 24, 100, 1000, 20000]) {
      const { lower, upper } = bucketBounds(durationBucket(hours))
      expect(hours).toBeGreaterThanOrEqual(lower)
      expect(hours).toBeLessThan(upper)
    }
  })
})

describe('medianFromBuckets', () => {
  it('is null when nothing was counted', () => {
    expect(medianFromBuckets([])).toBeNull()
    expect(medianFromBuckets([{ bucket: 3, n: 0 }])).toBeNull()
  })

  it('finds the median of a small known set to its bucket’s precision', () => {
    // Sorted: 2, 5, 30 hours: the median is 5 hours.
    const median = medianFromBuckets(histogram([30, 2, 5])) ?? 0
    const { lower, upper } = bucketBounds(durationBucket(5))
    expect(median).toBeGreaterThanOrEqual(lower)
    expect(median).toBeLessThanOrEqual(upper)
    expect(Math.abs(median - 5) / 5).toBeLessThan(0.2)
  })

  it('is the bucket of the middle reports even when the mean is far away', () => {
    const median = medianFromBuckets(histogram([10, 10, 10, 10, 10, 5000, 9000])) ?? 0
    expect(median).toBeGreaterThanOrEqual(bucketBounds(durationBucket(10)).lower)
    expect(median).toBeLessThanOrEqual(bucketBounds(durationBucket(10)).upper)
  })

  it('tells reports resolved within the hour as under an hour', () => {
    expect(medianFromBuckets(histogram([0.1, 0.2, 0.5]))).toBeLessThanOrEqual(1)
  })
})

describe('shareResolved', () => {
  it('is a whole percentage, 0 when there is nothing', () => {
    expect(shareResolved(1, 3)).toBe(33)
    expect(shareResolved(0, 0)).toBe(0)
  })
})

describe('publicExportQuerySchema', () => {
  it('takes a category, a public status and a day', () => {
    expect(publicExportQuerySchema.parse({ category: '3', status: 'resolu', since: '2026-01-31' })).toEqual({
      category: 3,
      status: 'resolu',
      since: new Date('2026-01-31T00:00:00Z'),
    })
    expect(publicExportQuerySchema.parse({})).toEqual({})
    expect(publicExportQuerySchema.parse({ since: '2026-01-31T10:00:00+01:00' }).since).toEqual(
      new Date('2026-01-31T09:00:00Z'),
    )
    // Before any report: every report, from a day the database can hold.
    expect(publicExportQuerySchema.parse({ since: '0000-01-01' }).since).toEqual(new Date(0))
  })

  it.each([
    [{ category: 'voirie' }, PUBLIC_DATA_MESSAGES.badCategory],
    [{ category: '0' }, PUBLIC_DATA_MESSAGES.badCategory],
    [{ status: 'rejete' }, PUBLIC_DATA_MESSAGES.badStatus],
    [{ since: 'hier' }, PUBLIC_DATA_MESSAGES.badSince],
    [{ since: '2026-13-01' }, PUBLIC_DATA_MESSAGES.badSince],
    [{ since: '2026-02-31' }, PUBLIC_DATA_MESSAGES.badSince],
    [{ since: '1' }, PUBLIC_DATA_MESSAGES.badSince],
    [{ since: '2026-1-1' }, PUBLIC_DATA_MESSAGES.badSince],
    [{ since: '-1' }, PUBLIC_DATA_MESSAGES.badSince],
  ])('refuses %j in French', (query, message) => {
    const parsed = publicExportQuerySchema.safeParse(query)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe(message)
  })
})
