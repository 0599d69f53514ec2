import { describe, expect, it } from 'vitest'
import { QUERY_RETRY_MAX_DELAY_MS, queryRetryDelay } from './constants'

describe('queryRetryDelay', () => {
  it('doubles from one second and stops at 30 s', () => {
    expect([0, 1, 2, 3].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000])
    expect(queryRetryDelay(10)).toBe(QUERY_RETRY_MAX_DELAY_MS)
    expect(QUERY_RETRY_MAX_DELAY_MS).toBe(30_000)
  })
})
