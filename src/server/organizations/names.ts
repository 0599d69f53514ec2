import { and, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Db } from '../db/database'
import { organizations } from '../db/schema'
import { isUniqueViolation } from '../db/values'
import { AppError } from '../errors'

/**
 * Organisations' names: one name, one organisation, whatever its case and accents and whatever
 * look-alike letters it is written with ("Маirie de Меdina", with Cyrillic М, а and е, is
 * "Mairie de Médina"). Two names are one when their confusable skeletons (UTS #39, `name_skeleton`,
 * migration 0030) are, folded with `search_text` as the searches fold: as they are written, or in
 * small letters (a skeleton tells "m" from "M", so "mаirie" is compared with "mairie"). The
 * indexes of schema.ts hold each comparison; a name another organisation waits to take counts as
 * taken too.
 */

const NAME_INDEXES = [
  'organizations_name_folded_key',
  'organizations_name_skeleton_key',
  'organizations_name_folded_skeleton_key',
]

/** The keys two names share when they look alike (each the expression of one index). */
const nameKeys = (name: SQLWrapper): SQL[] => [
  sql`search_text(name_skeleton(${name}))`,
  sql`search_text(name_skeleton(search_text(${name})))`,
]

function nameTaken(): AppError {
  return new AppError('conflict', { reason: 'signup.nameTaken', field: 'name' })
}

/** Refuses a name another organisation bears or asked for, or one alike (409 in French, on the name field). */
export async function requireFreeName(db: Db, name: string, exceptId?: string): Promise<void> {
  const wanted = nameKeys(sql`${name}`)
  const alike = (column: SQLWrapper) =>
    or(...nameKeys(column).map((key, index) => sql`${key} = ${wanted[index]}`))
  const others = exceptId ? ne(organizations.id, exceptId) : undefined
  // Two queries: the names' through their indexes; the few requests (the others are null) apart.
  const [taken] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(others, alike(organizations.name)))
    .unionAll(
      db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(others, alike(organizations.pending_name))),
    )
    .limit(1)
  if (taken) throw nameTaken()
}

/** A write that two organisations raced to one name (or two alike): the second gets the same 409. */
export function asNameTaken(error: unknown): unknown {
  return NAME_INDEXES.some((index) => isUniqueViolation(error, index)) ? nameTaken() : error
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
