import type { FastifyReply, FastifyRequest } from 'fastify'
import { loginIdentifierChanged } from '../../domain/auth-rules'
import { AppError } from '../errors'
import { currentPrincipal } from './guards'
import { loginLimitsOf } from './login-limits'
import { loginAccountOf } from './principals'

/**
 * The current password asked again before a change that could hand the account over (a new
 * password, a new login e-mail): a stolen access token must not become the account. A wrong one
 * counts like a failed login of the account, under the same limits (login-limits.ts): 429 after
 * 5 from one address, and guesses from many addresses checked in turn.
 */
export async function confirmCurrentPassword(
  request: FastifyRequest,
  reply: FastifyReply,
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword) {
    throw new AppError('invalid_input', { reason: 'auth.currentPasswordRequired', field: 'currentPassword' })
  }
  const principal = currentPrincipal(request)
  const limits = loginLimitsOf(request.server)
  const account = loginAccountOf(principal)
  await limits.beforeCheck(request, account)
  if (!(await request.server.auth.isCurrentPassword(principal, currentPassword))) {
    await limits.recordFailure(request, account)
    throw new AppError('invalid_input', { reason: 'auth.wrongCurrentPassword', field: 'currentPassword' })
  }
  limits.recordSuccess(request, reply, account)
}

/**
 * A change of the caller's own login (an organisation's e-mail, an administrator's username) asks
 * for the current password; other changes, and the same login in another case, do not.
 */
export async function confirmOwnLoginChange(
  request: FastifyRequest,
  reply: FastifyReply,
  changes: { email?: string; username?: string; currentPassword?: string },
): Promise<void> {
  const principal = currentPrincipal(request)
  const changed =
    principal.type === 'admin'
      ? loginIdentifierChanged(principal.admin.username, changes.username)
      : loginIdentifierChanged(principal.organization.email, changes.email)
  if (changed) await confirmCurrentPassword(request, reply, changes.currentPassword)
}
