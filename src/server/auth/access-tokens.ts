import { errors, jwtVerify, SignJWT } from 'jose'
import { ACCESS_TOKEN_TTL_S, USER_TYPES, type UserType } from '../../domain/auth'

const ISSUER = 'alertes-urbaines'
const AUDIENCE = 'alertes-urbaines-api'
// Pinned: a token that names any other algorithm (none included) is refused.
const ALGORITHM = 'HS256'

export interface AccessClaims {
  userId: string
  userType: UserType
  /** Seconds since the epoch. */
  issuedAt: number
  /**
   * When the account's password last changed (milliseconds since the epoch) as the token was
   * issued: a token carrying an older one is refused, even one issued in the same second as the
   * change.
   */
  passwordVersion: number
  /**
   * The session the token belongs to: the family of its refresh tokens. A logout, a password
   * change or a stolen refresh token revokes the family, and its access tokens stop at once.
   */
  sessionId: string
}

/** What a valid access token names, and until when: the claims, with the expiry they imply. */
export type AccessSession = Omit<AccessClaims, 'issuedAt'> & { accessExpiresAt: Date }

export interface AccessTokens {
  sign(claims: Omit<AccessClaims, 'issuedAt'>, now: Date): Promise<string>
  /** The claims of a valid token, or null for anything else (expired, forged, malformed). */
  verify(token: string, now: Date): Promise<AccessClaims | null>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Tokens whose signature was checked, kept until they expire: at most this many. */
const VERIFIED_TOKENS_KEPT = 5000

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret)
  // A signature check (HMAC through WebCrypto) costs more than the rest of a cached read; the
  // same token comes back with every request of a session. Only the exact string is trusted
  // again, and only until its own expiry.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>()
  return {
    sign({ userId, userType, passwordVersion, sessionId }, now) {
      const issuedAt = Math.floor(now.getTime() / 1000)
      return new SignJWT({ typ: userType, pwv: passwordVersion, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
        .sign(key)
    },
    async verify(token, now) {
      const seconds = now.getTime() / 1000
      const known = verified.get(token)
      if (known) {
        if (seconds < known.expiresAt) return known.claims
        verified.delete(token)
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
          requiredClaims: ['sub', 'iat', 'exp'],
        })
        const userType = payload.typ
        if (typeof userType !== 'string' || !(USER_TYPES as readonly string[]).includes(userType)) return null
        if (typeof payload.pwv !== 'number') return null
        // A token of no session (signed before sessions were named) cannot be ended: refused.
        if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null
        const claims = {
          userId: payload.sub ?? '',
          userType: userType as UserType,
          issuedAt: payload.iat ?? 0,
          passwordVersion: payload.pwv,
          sessionId: payload.sid,
        }
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value ?? '')
        verified.set(token, { claims, expiresAt: payload.exp ?? 0 })
        return claims
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null
        throw error
      }
    },
  }
}
