import type { FastifyReply, FastifyRequest } from 'fastify'
import { confirmCurrentPassword } from '../auth/current-password'
import { AppError } from '../errors'

export function currentPasswordRequired(): AppError {
  return new AppError('invalid_input', { reason: 'team.currentPasswordRequired', field: 'currentPassword' })
}

/**
 * The responsable's password, asked again before a change that could hand the team over (issue 47,
 * point 1): with a stolen access token alone, nobody invites an accomplice, takes a colleague's new
 * link or deposes a responsable. Checked as the e-mail change checks it, under the same limits: a
 * wrong one counts as a failed login of the account.
 */
export async function confirmResponsablePassword(
  request: FastifyRequest,
  reply: FastifyReply,
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword) throw currentPasswordRequired()
  await confirmCurrentPassword(request, reply, currentPassword)
}
