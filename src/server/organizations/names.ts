import { and, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../db/database'
import { organizations } from '../db/schema'
import { isUniqueViolation } from '../db/values'
import { AppError } from '../errors'

/**
 * Organisations' names: one name, one organisation, whatever its case and accents (the index
 * `organizations_name_folded_key` folds them with `search_text`, as the searches do). A name
 * another organisation waits to take counts as taken too.
 */

const NAME_INDEX = 'organizations_name_folded_key'

function nameTaken(): AppError {
  return new AppError('conflict', { reason: 'signup.nameTaken', field: 'name' })
}

/** Refuses a name another organisation bears or asked for (409 in French, on the name field). */
export async function requireFreeName(db: Db, name: string, exceptId?: string): Promise<void> {
  const folded = sql`search_text(${name})`
  const [taken] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        exceptId ? ne(organizations.id, exceptId) : undefined,
        or(
          sql`search_text(${organizations.name}) = ${folded}`,
          sql`search_text(${organizations.pending_name}) = ${folded}`,
        ),
      ),
    )
    .limit(1)
  if (taken) throw nameTaken()
}

/** A write that two organisations raced to one name: the second gets the same 409. */
export function asNameTaken(error: unknown): unknown {
  return isUniqueViolation(error, NAME_INDEX) ? nameTaken() : error
}

/**
 * What a new name sets: an approved organisation's waits for an administrator (its old name stays
 * public until then), any other's is its name at once; its own name again withdraws a request.
 */
export function renaming(
  current: { name: string; status: string },
  name: string,
  now: Date,
): { name?: string; pending_name: string | null; pending_name_at: string | null } {
  if (name === current.name) return { pending_name: null, pending_name_at: null }
  if (current.status === 'approved') return { pending_name: name, pending_name_at: now.toISOString() }
  return { name, pending_name: null, pending_name_at: null }
}
