import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MS,
} from '../../domain/auth'
import { waitOn } from '../clock'
import { AppError } from '../errors'
import { clientAddressKey, createAttemptCounter } from '../http/rate-limits'
import { createKnownDevices } from './known-devices'
import { createMemoryTurns, createRedisTurns, type LoginTurns } from './login-turns'
import { isWebSession } from './session-cookie'

/**
 * The limits of every check of a password: a login, and the current password asked again to
 * change the password or the login e-mail (the same budgets, per account: a stolen session must
 * not guess the password faster than a stranger at the login form).
 */
export interface LoginLimits {
  /**
   * Before a password of `account` is checked for this request: 429 when this address, or this
   * account from this address, failed too often; then, unless this device signed in to the
   * account before, the account's turn (429 `auth.accountBusy` when none is free soon).
   */
  beforeCheck(request: FastifyRequest, account: string): Promise<void>
  /** Counts a wrong password of `account` from this request's address. */
  recordFailure(request: FastifyRequest, account: string): Promise<void>
  /** After a right password: the browser app's device is known to the account from now on. */
  recordSuccess(request: FastifyRequest, reply: FastifyReply, account: string): void
}

/**
 * Brute force is slowed without letting anyone lock an account: failures are counted per account
 * *and* address (the owner, from their own address, is never refused because of others) and per
 * address; guesses of one account from everywhere are checked in turn, one after the other
 * (login-turns.ts), except from the devices it signed in on (known-devices.ts). Counted where the
 * other limits are (Redis when instances share it).
 */
function createLoginLimits(app: FastifyInstance): LoginLimits {
  // The counters read their key from the request: the account a check is about.
  const accounts = new WeakMap<FastifyRequest, string>()
  const address = (request: FastifyRequest) => clientAddressKey(request.ip)
  const accountOf = (request: FastifyRequest) => accounts.get(request) ?? ''
  const perAccountAndAddress = createAttemptCounter(app, {
    name: 'login-account-address',
    max: LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    windowMs: LOGIN_WINDOW_MS,
    key: (request) => `${accountOf(request)}|${address(request)}`,
  })
  const perAddress = createAttemptCounter(app, {
    name: 'login-address',
    max: LOGIN_FAILURES_PER_ADDRESS,
    windowMs: LOGIN_WINDOW_MS,
    key: address,
  })
  const { config, clock } = app.deps
  const knownDevices = createKnownDevices({
    secret: config.jwtSecret,
    // The cookie goes over https only when the site is served over https.
    secure: config.publicOrigin?.startsWith('https:') ?? false,
    now: () => clock.now(),
  })
  let turns: LoginTurns = createMemoryTurns()
  if (config.redisUrl) {
    const shared = createRedisTurns(config.redisUrl, app.log)
    turns = shared
    app.addHook('onClose', () => shared.close())
  }

  return {
    async beforeCheck(request, account) {
      accounts.set(request, account)
      if ((await perAccountAndAddress.isExhausted(request)) || (await perAddress.isExhausted(request))) {
        throw new AppError('too_many_requests', { reason: 'auth.tooManyAttempts' })
      }
      if (knownDevices.isKnown(request, account)) return
      const now = clock.now().getTime()
      const turn = await turns.take(account, now)
      if (turn === null) throw new AppError('too_many_requests', { reason: 'auth.accountBusy' })
      if (turn > now) await waitOn(clock, turn - now)
    },
    async recordFailure(request, account) {
      accounts.set(request, account)
      await Promise.all([perAccountAndAddress.record(request), perAddress.record(request)])
    },
    recordSuccess(request, reply, account) {
      // An API client has no cookie jar to speak of: it waits its turn like any new device.
      if (isWebSession(request)) knownDevices.remember(reply, account)
    },
  }
}

// One set of limits per app, whichever route checks a password (their counters and turns are
// the same), made when the auth routes are registered.
const limitsOfApps = new WeakMap<object, LoginLimits>()

/** The login limits of this app (made on the first call, which must come before it is ready). */
export function loginLimitsOf(app: FastifyInstance): LoginLimits {
  let limits = limitsOfApps.get(app.auth)
  if (!limits) {
    limits = createLoginLimits(app)
    limitsOfApps.set(app.auth, limits)
  }
  return limits
}
