import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/database'
import { organizationMembers, organizations } from '../db/schema'
import { isUniqueViolation } from '../db/values'
import { AppError } from '../errors'

/**
 * E-mails are unique across organisations and members, whatever their case (issue 29): one
 * address is one organisation's contact, or one person's login, never two organisations'. An
 * organisation's contact and its own members' logins may share one (its first responsable's is
 * its contact, as signed up). The unique indexes hold each table; this, the two together.
 */
export async function requireFreeEmail(db: Db, email: string, organizationId: string): Promise<void> {
  const lowered = email.trim().toLowerCase()
  const [usedByMember] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(sql`lower(${organizationMembers.email})`, lowered),
        ne(organizationMembers.organization_id, organizationId),
      ),
    )
    .limit(1)
  const [usedByOrganization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(sql`lower(${organizations.email})`, lowered), ne(organizations.id, organizationId)))
    .limit(1)
  if (usedByMember || usedByOrganization) throw emailTaken()
}

export function emailTaken(): AppError {
  return new AppError('conflict', { reason: 'signup.emailTaken', field: 'email' })
}

/** A write that raced another to one address: the same 409. */
export function asEmailTaken(error: unknown): unknown {
  return isUniqueViolation(error, 'organization_members_email_lower_key') ||
    isUniqueViolation(error, 'organizations_email_lower_key')
    ? emailTaken()
    : error
}
