import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/database'
import { organizationMembers, organizations } from '../db/schema'
import { isNoneOf, isUniqueViolation } from '../db/values'
import { AppError } from '../errors'

/** A member past their invitation: they sign in with their address (the logins' unique index). */
const isLogin = isNoneOf(organizationMembers.status, ['invited'])

/**
 * Whether an address is free for this organisation: neither another organisation's contact nor
 * the login of a member of another, whatever its case (issues 29 and 47): one address is one
 * organisation's contact, or one person's login, never two organisations'. An organisation's
 * contact and its own members' logins may share one (its first responsable's is its contact, as
 * signed up). Invitations hold no address: only their acceptance makes a login. The unique indexes
 * hold each table; this, the two together.
 */
export async function isEmailFree(db: Db, email: string, organizationId: string): Promise<boolean> {
  const lowered = email.trim().toLowerCase()
  const [usedByMember] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(sql`lower(${organizationMembers.email})`, lowered),
        ne(organizationMembers.organization_id, organizationId),
        isLogin,
      ),
    )
    .limit(1)
  const [usedByOrganization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(sql`lower(${organizations.email})`, lowered), ne(organizations.id, organizationId)))
    .limit(1)
  return !usedByMember && !usedByOrganization
}

export async function requireFreeEmail(db: Db, email: string, organizationId: string): Promise<void> {
  if (!(await isEmailFree(db, email, organizationId))) throw emailTaken()
}

/**
 * Refuses an address already in this organisation's team, invited or not (409). It tells the
 * responsable nothing their team's list does not: whether the address is known anywhere else is
 * never said (issue 47), an invitation answers the same for every other address.
 */
export async function requireNotInTeam(db: Db, email: string, organizationId: string): Promise<void> {
  const [member] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organization_id, organizationId),
        eq(sql`lower(${organizationMembers.email})`, email.trim().toLowerCase()),
      ),
    )
    .limit(1)
  if (member) throw alreadyInTeam()
}

export function emailTaken(): AppError {
  return new AppError('conflict', { reason: 'signup.emailTaken', field: 'email' })
}

function alreadyInTeam(): AppError {
  return new AppError('conflict', { reason: 'team.alreadyInTeam', field: 'email' })
}

/** A write that raced another to one address: the same 409. */
export function asEmailTaken(error: unknown): unknown {
  return isUniqueViolation(error, 'organization_members_email_lower_key') ||
    isUniqueViolation(error, 'organization_members_organization_email_key') ||
    isUniqueViolation(error, 'organizations_email_lower_key')
    ? emailTaken()
    : error
}

/** An invitation raced another of the same team to one address: the same 409 as when it came second. */
export function asAlreadyInTeam(error: unknown): unknown {
  return isUniqueViolation(error, 'organization_members_organization_email_key') ? alreadyInTeam() : error
}

/**
 * An invitation accepted for an address that became a login, or another organisation's contact,
 * since it was sent: refused, as one address cannot be two accounts (409, in French).
 */
export function invitationEmailTaken(): AppError {
  return new AppError('conflict', { reason: 'team.invitationEmailTaken' })
}

export function isLoginTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'organization_members_email_lower_key')
}
