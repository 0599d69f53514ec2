import { describe, expect, it } from 'vitest'
import { loginIdentifierChanged, loginTurnPauseMs } from './auth-rules'

describe('loginTurnPauseMs', () => {
  it('lets the first 5 attempts on an account go at once, then pauses longer after each, up to 5 s', () => {
    expect([1, 5, 6, 7, 8, 9, 10, 11, 50].map(loginTurnPauseMs)).toEqual([
      0, 0, 250, 500, 1000, 2000, 4000, 5000, 5000,
    ])
  })
})

describe('loginIdentifierChanged', () => {
  it('sees a new e-mail, not the same one typed in another case or with spaces, nor an absent one', () => {
    expect(loginIdentifierChanged('mairie@example.sn', 'autre@example.sn')).toBe(true)
    expect(loginIdentifierChanged('mairie@example.sn', ' Mairie@Example.SN ')).toBe(false)
    expect(loginIdentifierChanged('mairie@example.sn', undefined)).toBe(false)
  })
})
