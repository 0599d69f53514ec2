import { createHmac } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { z } from 'zod'

const ISSUER = 'alertes-urbaines'
const ALGORITHM = 'HS256'

export interface SignedLinks<Claims> {
  /** A token naming its subject (an administrator) and its claims, valid for the link's time. */
  sign(subject: string, claims: Claims, now: Date): Promise<{ token: string; expiresAt: Date }>
  /** The subject and claims of a valid token, or null for anything else (expired, forged, malformed). */
  verify(token: string, now: Date): Promise<{ subject: string; claims: Claims } | null>
}

/**
 * Short-lived signed tokens that let the browser fetch something by a plain navigation or an
 * `<img>`, which cannot carry the bearer header. Each purpose has its own key and audience: a
 * link is never a session, nor a link of one purpose a link of another.
 */
export function createSignedLinks<Claims extends Record<string, unknown>>(
  secret: string,
  options: { purpose: string; ttlS: number; claims: z.ZodType<Claims> },
): SignedLinks<Claims> {
  const key = createHmac('sha256', secret).update(`alertes-urbaines/${options.purpose}`).digest()
  const audience = `alertes-urbaines-${options.purpose}`
  return {
    async sign(subject, claims, now) {
      const issuedAt = Math.floor(now.getTime() / 1000)
      const expiresAt = issuedAt + options.ttlS
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(subject)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key)
      return { token, expiresAt: new Date(expiresAt * 1000) }
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience,
          currentDate: now,
          requiredClaims: ['sub', 'iat', 'exp'],
        })
        const { sub, iss: _, aud: __, iat: ___, exp: ____, ...rest } = payload
        const claims = options.claims.safeParse(rest)
        if (!sub || !claims.success) return null
        return { subject: sub, claims: claims.data }
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null
        throw error
      }
    },
  }
}
