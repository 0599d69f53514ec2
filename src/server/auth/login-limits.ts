import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MS,
  type LoginInput,
  loginFailureDelayMs,
} from '../../domain/auth'
import { AppError } from '../errors'
import { clientAddressKey, createAttemptCounter } from '../http/rate-limits'

/** The account a login names, whatever the case it is typed in. */
function accountOf(request: FastifyRequest): string {
  const input = request.body as LoginInput
  return `${input.userType}:${(input.userType === 'admin' ? input.username : input.email).toLowerCase()}`
}

export interface LoginLimits {
  /** 429 when this address, or this account from this address, failed too often. */
  check(request: FastifyRequest): Promise<void>
  /** Counts a failed login, then waits as long as the account's failures ask. */
  recordFailure(request: FastifyRequest): Promise<void>
}

/**
 * Brute force is slowed without letting anyone lock an account: failures are counted per account
 * *and* address (the owner, from their own address, is never refused because of others) and per
 * address; the account's failures from everywhere only make each failed answer wait longer.
 * Counted where the other limits are (Redis when instances share it).
 */
export function createLoginLimits(app: FastifyInstance): LoginLimits {
  const address = (request: FastifyRequest) => clientAddressKey(request.ip)
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
  // Counts only, never refuses: its number sets the delay.
  const perAccount = createAttemptCounter(app, {
    name: 'login-account',
    max: Number.MAX_SAFE_INTEGER,
    windowMs: LOGIN_WINDOW_MS,
    key: accountOf,
  })
  return {
    async check(request) {
      if ((await perAccountAndAddress.isExhausted(request)) || (await perAddress.isExhausted(request))) {
        throw new AppError('too_many_requests', { reason: 'auth.tooManyAttempts' })
      }
    },
    async recordFailure(request) {
      await Promise.all([
        perAccountAndAddress.record(request),
        perAddress.record(request),
        perAccount.record(request),
      ])
      const delay = loginFailureDelayMs(await perAccount.count(request))
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
    },
  }
}
