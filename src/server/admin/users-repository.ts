import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { AdminUser } from '../../domain/admin'
import type { Db } from '../db/database'
import { superadmins } from '../db/schema'
import { isUniqueViolation, toIso } from '../db/values'
import { AppError } from '../errors'
import { hashPassword } from '../passwords'

function toAdminUser(row: typeof superadmins.$inferSelect): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    status: row.status,
    created_at: toIso(row.created_at),
    last_login: row.last_login ? toIso(row.last_login) : null,
  }
}

function uniqueConflict(error: unknown): never {
  if (isUniqueViolation(error, 'superadmin_username_lower_key')) {
    throw new AppError('conflict', { reason: 'admin.usernameTaken', field: 'username' })
  }
  if (isUniqueViolation(error, 'superadmin_email_lower_key')) {
    throw new AppError('conflict', { reason: 'admin.emailTaken', field: 'email' })
  }
  throw error
}

export async function listAdminUsers(db: Db) {
  const rows = await db.select().from(superadmins).orderBy(asc(superadmins.created_at))
  const items = rows.map(toAdminUser)
  return { items, counts: { total: items.length, active: items.filter((u) => u.status === 'active').length } }
}

export async function createAdminUser(
  db: Db,
  input: { name: string; email: string; username: string; password: string },
): Promise<AdminUser> {
  const password_hash = await hashPassword(input.password)
  try {
    const [row] = await db
      .insert(superadmins)
      .values({ name: input.name, email: input.email, username: input.username, password_hash })
      .returning()
    if (!row) throw new Error('insert returned no row')
    return toAdminUser(row)
  } catch (error) {
    uniqueConflict(error)
  }
}

/**
 * Edits an administrator. Nobody deactivates their own account (a slip would lock them out), and
 * the last active one cannot be deactivated, or nobody could run the platform.
 */
export async function updateAdminUser(
  db: Db,
  actorId: string,
  id: string,
  changes: { name?: string; email?: string; username?: string; status?: 'active' | 'inactive' },
): Promise<AdminUser> {
  if (changes.status === 'inactive' && id === actorId) {
    throw new AppError('conflict', { reason: 'admin.ownAccount' })
  }
  if (Object.keys(changes).length === 0) {
    // Nothing to change (an empty form): the administrator as it is, if it exists.
    const [row] = await db.select().from(superadmins).where(eq(superadmins.id, id))
    if (!row) throw new AppError('not_found')
    return toAdminUser(row)
  }
  try {
    return await db.transaction(async (tx) => {
      if (changes.status === 'inactive') {
        // Serialises concurrent deactivations so that two cannot leave no active administrator.
        await tx.execute(sql`select pg_advisory_xact_lock(7274002)`)
        const others = await tx
          .select({ id: superadmins.id })
          .from(superadmins)
          .where(and(eq(superadmins.status, 'active'), ne(superadmins.id, id)))
        if (others.length === 0) throw new AppError('conflict', { reason: 'admin.lastActiveAdmin' })
      }
      const [row] = await tx.update(superadmins).set(changes).where(eq(superadmins.id, id)).returning()
      if (!row) throw new AppError('not_found')
      return toAdminUser(row)
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    uniqueConflict(error)
  }
}
