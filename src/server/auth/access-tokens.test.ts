import { describe, expect, it } from 'vitest'
import { ACCESS_TOKEN_TTL_S } from '../../domain/auth'
import { createAccessTokens } from './access-tokens'

describe('createAccessTokens', () => {
  const tokens = createAccessTokens('a-secret-of-more-than-32-characters-!!')
  const now = new Date('2026-03-01T10:00:00Z')
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000)
  const sessionId = '6f1c2a4e-0b7d-4c39-9f64-2d5e8a1b3c70'

  it('accepts its token again and again, until the token expires', async () => {
    const signed = {
      userId: 'user-1',
      userType: 'admin' as const,
      passwordVersion: 1_772_000_000_123,
      sessionId,
    }
    const token = await tokens.sign(signed, now)
    const claims = { ...signed, issuedAt: now.getTime() / 1000 }
    expect(await tokens.verify(token, now)).toEqual(claims)
    expect(await tokens.verify(token, later(ACCESS_TOKEN_TTL_S - 1))).toEqual(claims)
    expect(await tokens.verify(token, later(ACCESS_TOKEN_TTL_S))).toBeNull()
  })

  it('refuses a token whose signature is not its own, even after accepting the real one', async () => {
    const token = await tokens.sign(
      { userId: 'user-1', userType: 'organization', passwordVersion: 1_772_000_000_123, sessionId },
      now,
    )
    expect(await tokens.verify(token, now)).not.toBeNull()
    const [header, payload] = token.split('.')
    expect(await tokens.verify(`${header}.${payload}.${'A'.repeat(43)}`, now)).toBeNull()
    const other = createAccessTokens('another-secret-of-more-than-32-characters')
    expect(await other.verify(token, now)).toBeNull()
  })
})
