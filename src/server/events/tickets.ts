import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lte } from 'drizzle-orm'
import { LIVE_STREAM_TICKET_TTL_S } from '../../domain/events'
import type { AccessSession } from '../auth/access-tokens'
import type { Db } from '../db/database'
import { liveStreamTickets } from '../db/schema'

/** Who a ticket opens a stream for: a device (the hash the server keeps), or a signed-in session. */
export type TicketHolder = { kind: 'device'; hash: string } | { kind: 'session'; session: AccessSession }

/** 32 random bytes, base64url: what `GET /api/events?ticket=` takes. */
const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/

function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex')
}

/**
 * A new ticket for this holder, valid once within LIVE_STREAM_TICKET_TTL_S. Only its hash is
 * stored; the tickets nobody used are deleted as new ones are handed out.
 */
export async function issueTicket(db: Db, holder: TicketHolder, now: Date): Promise<string> {
  const ticket = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + LIVE_STREAM_TICKET_TTL_S * 1000).toISOString()
  const owner =
    holder.kind === 'device'
      ? { device_hash: holder.hash }
      : {
          user_type: holder.session.userType,
          user_id: holder.session.userId,
          session_id: holder.session.sessionId,
          password_version: holder.session.passwordVersion,
          access_expires_at: holder.session.accessExpiresAt.toISOString(),
        }
  await db.delete(liveStreamTickets).where(lte(liveStreamTickets.expires_at, now.toISOString()))
  await db
    .insert(liveStreamTickets)
    .values({ ticket_hash: hashTicket(ticket), ...owner, expires_at: expiresAt })
  return ticket
}

/**
 * The holder of a ticket not yet used nor expired, which it spends: deleted by the one statement
 * that reads it, so that two instances given the same ticket at once open one stream between them.
 */
export async function takeTicket(db: Db, ticket: string, now: Date): Promise<TicketHolder | null> {
  if (!TICKET_PATTERN.test(ticket)) return null
  const [row] = await db
    .delete(liveStreamTickets)
    .where(
      and(
        eq(liveStreamTickets.ticket_hash, hashTicket(ticket)),
        gt(liveStreamTickets.expires_at, now.toISOString()),
      ),
    )
    .returning()
  if (!row) return null
  if (row.device_hash) return { kind: 'device', hash: row.device_hash }
  if (
    !row.user_type ||
    !row.user_id ||
    !row.session_id ||
    row.password_version === null ||
    !row.access_expires_at
  )
    return null
  return {
    kind: 'session',
    session: {
      userType: row.user_type as AccessSession['userType'],
      userId: row.user_id,
      sessionId: row.session_id,
      passwordVersion: row.password_version,
      accessExpiresAt: new Date(row.access_expires_at),
    },
  }
}
