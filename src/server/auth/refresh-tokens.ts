import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { REFRESH_TOKEN_TTL_S, type UserType } from '../../domain/auth'
import type { Db } from '../db/database'
import { organizationMembers, refreshTokens } from '../db/schema'

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

export interface RefreshOwner {
  userType: UserType
  userId: string
  familyId: string
  /** The family's absolute end: rotation never extends a session past it. */
  expiresAt: string
}

/** A new random refresh token, stored only as its hash. A new login starts a new family. */
export async function issueRefreshToken(
  db: Db,
  owner: { userType: UserType; userId: string; familyId?: string; expiresAt?: string },
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(refreshTokens).values({
    token_hash: hashOf(token),
    family_id: owner.familyId ?? randomUUID(),
    user_type: owner.userType,
    user_id: owner.userId,
    created_at: now.toISOString(),
    expires_at: owner.expiresAt ?? new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000).toISOString(),
  })
  return token
}

/** The owner of a refresh token still valid, without using it (a page server-rendered for its session). */
export async function peekRefreshToken(db: Db, token: string, now: Date): Promise<RefreshOwner | null> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashOf(token)))
  if (!row || row.used_at || row.revoked_at || new Date(row.expires_at) <= now) return null
  return {
    userType: row.user_type as UserType,
    userId: row.user_id,
    familyId: row.family_id,
    expiresAt: new Date(row.expires_at).toISOString(),
  }
}

/**
 * Uses a refresh token once. A token presented a second time means it was stolen (or the
 * thief used it first): its whole family is revoked and both holders must log in again.
 */
export async function consumeRefreshToken(db: Db, token: string, now: Date): Promise<RefreshOwner | null> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashOf(token)))
  if (!row) return null
  if (row.used_at || row.revoked_at) {
    await revokeFamily(db, row.family_id, now)
    return null
  }
  if (new Date(row.expires_at) <= now) return null
  // Conditional: of two concurrent uses, exactly one wins; the other counts as a reuse.
  const claimed = await db
    .update(refreshTokens)
    .set({ used_at: now.toISOString() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.used_at), isNull(refreshTokens.revoked_at)))
    .returning({ id: refreshTokens.id })
  if (claimed.length === 0) {
    await revokeFamily(db, row.family_id, now)
    return null
  }
  return {
    userType: row.user_type as UserType,
    userId: row.user_id,
    familyId: row.family_id,
    expiresAt: new Date(row.expires_at).toISOString(),
  }
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now.toISOString() })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)))
}

/** Logout: the session of this token ends, whoever holds the other tokens of its family. */
export async function revokeByToken(db: Db, token: string, now: Date): Promise<void> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashOf(token)))
  if (row) await revokeFamily(db, row.family_id, now)
}

export async function revokeAllOfUser(db: Db, userType: UserType, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now.toISOString() })
    .where(
      and(
        eq(refreshTokens.user_type, userType),
        eq(refreshTokens.user_id, userId),
        isNull(refreshTokens.revoked_at),
      ),
    )
}

/** Every session of every member of an organisation ends (a suspension, a rejection). */
export async function revokeAllOfOrganization(db: Db, organizationId: string, now: Date): Promise<void> {
  const members = db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(eq(organizationMembers.organization_id, organizationId))
  await db
    .update(refreshTokens)
    .set({ revoked_at: now.toISOString() })
    .where(
      and(
        eq(refreshTokens.user_type, 'organization'),
        inArray(refreshTokens.user_id, members),
        isNull(refreshTokens.revoked_at),
      ),
    )
}
