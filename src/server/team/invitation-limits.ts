import { createHash } from 'node:crypto'
import { and, count, eq, lte, sql } from 'drizzle-orm'
import {
  INVITATION_LIMITS_WINDOW_MS,
  INVITATIONS_PER_ORGANIZATION_PER_DAY,
  INVITATIONS_PER_RECIPIENT_PER_DAY,
} from '../../domain/team'
import type { Db } from '../db/database'
import { invitationSends, organizations } from '../db/schema'
import { AppError } from '../errors'

const recipientHashOf = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex')

/**
 * Counts an invitation about to be sent (a new member or a new link), or refuses it with a 429 in
 * French when the organisation already sent INVITATIONS_PER_RECIPIENT_PER_DAY to this address, or
 * INVITATIONS_PER_ORGANIZATION_PER_DAY in all, within 24 hours (issue 47, point 6). Called in the
 * transaction that sends it: the organisation's row stays locked until it ends, so that invitations
 * sent at once are counted one after the other, on PostgreSQL's pool as on PGlite.
 */
export async function countInvitationSent(tx: Db, organizationId: string, email: string, now: Date) {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('no key update')
  const ofOrganization = eq(invitationSends.organization_id, organizationId)
  // What was sent more than a day ago counts for nothing any more.
  const since = new Date(now.getTime() - INVITATION_LIMITS_WINDOW_MS).toISOString()
  await tx.delete(invitationSends).where(and(ofOrganization, lte(invitationSends.sent_at, since)))
  const recipientHash = recipientHashOf(email)
  const [sent] = await tx
    .select({
      all: count(),
      toRecipient:
        sql<number>`count(*) filter (where ${invitationSends.recipient_hash} = ${recipientHash})`.mapWith(
          Number,
        ),
    })
    .from(invitationSends)
    .where(ofOrganization)
  if ((sent?.toRecipient ?? 0) >= INVITATIONS_PER_RECIPIENT_PER_DAY) {
    throw new AppError('too_many_requests', { reason: 'team.tooManyInvitationsToRecipient' })
  }
  if ((sent?.all ?? 0) >= INVITATIONS_PER_ORGANIZATION_PER_DAY) {
    throw new AppError('too_many_requests', { reason: 'team.tooManyInvitationsFromOrganization' })
  }
  await tx.insert(invitationSends).values({
    organization_id: organizationId,
    recipient_hash: recipientHash,
    sent_at: now.toISOString(),
  })
}
