import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { parse, serialize } from 'cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { KNOWN_DEVICE_COOKIE_PREFIX, KNOWN_DEVICE_TTL_S } from '../../domain/auth-rules'

/**
 * The devices an account signed in on (issue 27): a browser that opened a session of an account
 * keeps an HttpOnly cookie naming that account, signed by the server. While strangers guess the
 * account's password from everywhere, its attempts wait for the account's turn (login-limits.ts);
 * the owner, on a device that signed in before, does not wait. A device rather than an address:
 * hundreds of phones share one address behind carrier-grade NAT, and a phone's address changes.
 *
 * One cookie per account (its name carries a hash of the account), sent to the API only, never
 * read by a script, never sent by another site's page (SameSite=Strict). It is no credential: it
 * only spares its holder the wait, the password is checked as always.
 */
export interface KnownDevices {
  /** Whether this request comes from a device that signed in to `account`. */
  isKnown(request: FastifyRequest, account: string): boolean
  /** Marks the device of this request as known to `account` (after its password was right). */
  remember(reply: FastifyReply, account: string): void
}

/** Sent with every API request, where a password may be checked (login, password, e-mail). */
const COOKIE_PATH = '/api'

export function createKnownDevices(options: {
  secret: string
  secure: boolean
  now: () => Date
}): KnownDevices {
  const key = createHmac('sha256', options.secret).update('alertes-urbaines/known-device').digest()
  const nameOf = (account: string) =>
    `${KNOWN_DEVICE_COOKIE_PREFIX}${createHash('sha256').update(account).digest('base64url').slice(0, 16)}`
  const signatureOf = (account: string, issuedAt: string) =>
    createHmac('sha256', key).update(`${account}|${issuedAt}`).digest().subarray(0, 16)

  return {
    isKnown(request, account) {
      const header = request.headers.cookie
      const value = header ? parse(header)[nameOf(account)] : undefined
      const [issuedAt, signature, ...rest] = value?.split('.') ?? []
      if (!issuedAt || !signature || rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(issuedAt)) return false
      const age = options.now().getTime() / 1000 - Number.parseInt(issuedAt, 36)
      if (age < 0 || age > KNOWN_DEVICE_TTL_S) return false
      const given = Buffer.from(signature, 'base64url')
      const expected = signatureOf(account, issuedAt)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },

    remember(reply, account) {
      const issuedAt = Math.floor(options.now().getTime() / 1000).toString(36)
      const signature = signatureOf(account, issuedAt).toString('base64url')
      reply.header(
        'set-cookie',
        serialize(nameOf(account), `${issuedAt}.${signature}`, {
          httpOnly: true,
          sameSite: 'strict',
          secure: options.secure,
          path: COOKIE_PATH,
          maxAge: KNOWN_DEVICE_TTL_S,
        }),
      )
    },
  }
}
