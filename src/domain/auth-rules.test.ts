import { describe, expect, it } from 'vitest'
import { loginFailureDelayMs } from './auth-rules'

describe('loginFailureDelayMs', () => {
  it('answers the first 5 failures of an account at once, then waits longer each time, up to 5 s', () => {
    expect([1, 5, 6, 7, 8, 9, 10, 11, 50].map(loginFailureDelayMs)).toEqual([
      0, 0, 250, 500, 1000, 2000, 4000, 5000, 5000,
    ])
  })
})
