import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { SessionUser, UserType } from '../../domain/auth'
import type { CurrentMember, MemberRole } from '../../domain/team'
import type { Db } from '../db/database'
import { organizationMembers, organizations, refreshTokens, superadmins } from '../db/schema'
import { isNoneOf, toIso } from '../db/values'
import type { AccessSession } from './access-tokens'

export type AdminRow = typeof superadmins.$inferSelect
export type OrganizationRow = typeof organizations.$inferSelect
export type MemberRow = typeof organizationMembers.$inferSelect

/**
 * Who is calling: read from the database on every request, so a suspension applies at once; with
 * the session it acts in (its refresh tokens' family), when it came through one, and when the
 * access token it came with expires (what a live stream opened in its name lasts: events/).
 */
export type Principal = (
  | { type: 'admin'; admin: AdminRow }
  | { type: 'organization'; organization: OrganizationRow; member: MemberRow }
) & { sessionId?: string; accessExpiresAt?: Date }

/** A member of an organisation, signed in. */
export type MemberPrincipal = Extract<Principal, { type: 'organization' }>

const UUID = /^[0-9a-f-]{36}$/i

export function principalId(principal: Principal): string {
  return principal.type === 'admin' ? principal.admin.id : principal.member.id
}

/**
 * What the access token of a principal of `authenticate` named: what a live events ticket keeps in
 * the token's place. Null for a principal that came without one.
 */
export function accessSessionOf(principal: Principal): AccessSession | null {
  const { sessionId, accessExpiresAt } = principal
  if (!sessionId || !accessExpiresAt) return null
  return {
    userType: principal.type,
    userId: principalId(principal),
    sessionId,
    passwordVersion: passwordVersionOf(principal),
    accessExpiresAt,
  }
}

/** When the account's password last changed, in milliseconds: the version its tokens carry. */
export function passwordVersionOf(principal: Principal): number {
  const changedAt =
    principal.type === 'admin' ? principal.admin.password_changed_at : principal.member.password_changed_at
  return new Date(changedAt).getTime()
}

/** Only an active super administrator, or an active member of an approved and active organisation, may act. */
export function mayAct(principal: Principal): boolean {
  if (principal.type === 'admin') return principal.admin.status === 'active'
  const { organization, member } = principal
  return organization.status === 'approved' && organization.is_active && member.status === 'active'
}

/** The password hash a principal signs in with (an invited member has none yet). */
export function passwordHashOf(principal: Principal): string | null {
  return principal.type === 'admin' ? principal.admin.password_hash : principal.member.password_hash
}

/** A member with their organisation, as every organisation's request reads them: in one query. */
const memberWithOrganization = (db: Db) =>
  db
    .select({ member: getTableColumns(organizationMembers), organization: getTableColumns(organizations) })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organization_id))

export async function loadPrincipal(db: Db, userType: UserType, userId: string): Promise<Principal | null> {
  if (!UUID.test(userId)) return null
  if (userType === 'admin') {
    const [admin] = await db.select().from(superadmins).where(eq(superadmins.id, userId))
    return admin ? { type: 'admin', admin } : null
  }
  const [row] = await memberWithOrganization(db).where(eq(organizationMembers.id, userId))
  return row ? { type: 'organization', ...row } : null
}

/**
 * The principal of an access token, in the one query every signed-in request makes: its account,
 * and whether its session is still open (a refresh token of its family neither revoked nor past
 * its end; `refresh_tokens_family_idx`). Null when either is gone: a logout, a password change or
 * a stolen refresh token ends the session's access tokens at once, not when they expire.
 */
export async function loadSessionPrincipal(
  db: Db,
  claims: { userType: UserType; userId: string; sessionId: string },
  now: Date,
): Promise<Principal | null> {
  const { userType, userId, sessionId } = claims
  if (!UUID.test(userId)) return null
  const values = { userId, sessionId, now: now.toISOString() }
  const queries = sessionQueriesOf(db)
  if (userType === 'admin') {
    const [row] = await queries.admin.execute(values)
    return row?.open ? { type: 'admin', admin: row.admin, sessionId } : null
  }
  const [row] = await queries.organization.execute(values)
  return row?.open
    ? { type: 'organization', organization: row.organization, member: row.member, sessionId }
    : null
}

/**
 * Whether the session named by the placeholders is open, for the account of `accountId`. The
 * account's column is wrapped in its own `sql`: so it keeps its table's name, which a select of one
 * table leaves out, and inside the subquery a bare "id" would be the refresh token's.
 */
const sessionOpen = (userType: UserType, accountId: AnyPgColumn) => sql<boolean>`exists (
  select 1 from ${refreshTokens}
  where ${refreshTokens.family_id} = ${sql.placeholder('sessionId')}
    and ${refreshTokens.user_type} = ${userType} and ${refreshTokens.user_id} = ${sql`${accountId}`}
    and ${refreshTokens.revoked_at} is null and ${refreshTokens.expires_at} > ${sql.placeholder('now')})`

/**
 * The session queries of a database, prepared once: planned once per connection instead of on
 * every request (the bench's `--only auth`: the session check then costs no more than the account
 * read alone did).
 */
function prepareSessionQueries(db: Db) {
  const byId = (id: AnyPgColumn) => eq(id, sql.placeholder('userId'))
  return {
    admin: db
      .select({ admin: superadmins, open: sessionOpen('admin', superadmins.id) })
      .from(superadmins)
      .where(byId(superadmins.id))
      .prepare('session_principal_admin'),
    organization: db
      .select({
        member: getTableColumns(organizationMembers),
        organization: getTableColumns(organizations),
        open: sessionOpen('organization', organizationMembers.id),
      })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organization_id))
      .where(byId(organizationMembers.id))
      .prepare('session_principal_member'),
  }
}
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQueries>>()
function sessionQueriesOf(db: Db) {
  let queries = sessionQueries.get(db)
  if (!queries) {
    queries = prepareSessionQueries(db)
    sessionQueries.set(db, queries)
  }
  return queries
}

export async function findAdminByUsername(db: Db, username: string): Promise<AdminRow | undefined> {
  const [admin] = await db
    .select()
    .from(superadmins)
    .where(eq(sql`lower(${superadmins.username})`, username.toLowerCase()))
  return admin
}

/**
 * The member who signs in with this e-mail, whatever its case, with their organisation. Invitations
 * of that address (several organisations may send one) are no login: one at most is past its own.
 */
export async function findMemberByEmail(
  db: Db,
  email: string,
): Promise<{ organization: OrganizationRow; member: MemberRow } | undefined> {
  const [row] = await memberWithOrganization(db).where(
    and(
      eq(sql`lower(${organizationMembers.email})`, email.toLowerCase()),
      isNoneOf(organizationMembers.status, ['invited']),
    ),
  )
  return row
}

/**
 * The account a login names, whatever the case it is typed in: what the login limits count and
 * the known-device cookies name (`admin:<username>`, `organization:<email>`).
 */
export function loginAccountKey(userType: UserType, identifier: string): string {
  return `${userType}:${identifier.trim().toLowerCase()}`
}

/** The login account of a signed-in principal, as its own login would name it. */
export function loginAccountOf(principal: Principal): string {
  return principal.type === 'admin'
    ? loginAccountKey('admin', principal.admin.username)
    : loginAccountKey('organization', principal.member.email)
}

export function sessionUserOf(principal: Principal): SessionUser {
  if (principal.type === 'admin') {
    const { admin } = principal
    return {
      id: admin.id,
      name: admin.name,
      email: admin.email,
      username: admin.username,
      role: 'admin',
      status: admin.status,
      created_at: toIso(admin.created_at),
      last_login: admin.last_login ? toIso(admin.last_login) : null,
    }
  }
  const { organization, member } = principal
  return {
    id: organization.id,
    name: organization.name,
    email: organization.email,
    username: null,
    role: organization.type,
    status: organization.status,
    created_at: toIso(organization.created_at),
    last_login: organization.last_login ? toIso(organization.last_login) : null,
    member: currentMemberOf(member),
  }
}

/** The member as the session and `GET /api/org/me` name them. */
export function currentMemberOf(member: MemberRow): CurrentMember {
  return { id: member.id, name: member.name, email: member.email, role: member.role as MemberRole }
}
