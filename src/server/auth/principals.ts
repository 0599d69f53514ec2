import { eq, sql } from 'drizzle-orm'
import type { SessionUser, UserType } from '../../domain/auth'
import type { Db } from '../db/database'
import { organizations, superadmins } from '../db/schema'
import { toIso } from '../db/values'

export type AdminRow = typeof superadmins.$inferSelect
export type OrganizationRow = typeof organizations.$inferSelect

/** Who is calling: read from the database on every request, so a suspension applies at once. */
export type Principal =
  | { type: 'admin'; admin: AdminRow }
  | { type: 'organization'; organization: OrganizationRow }

export function principalId(principal: Principal): string {
  return principal.type === 'admin' ? principal.admin.id : principal.organization.id
}

/** When the account's password last changed, in milliseconds: the version its tokens carry. */
export function passwordVersionOf(principal: Principal): number {
  const changedAt =
    principal.type === 'admin'
      ? principal.admin.password_changed_at
      : principal.organization.password_changed_at
  return new Date(changedAt).getTime()
}

/** Only an active super administrator, or an approved and active organisation, may act. */
export function mayAct(principal: Principal): boolean {
  return principal.type === 'admin'
    ? principal.admin.status === 'active'
    : principal.organization.status === 'approved' && principal.organization.is_active
}

export async function loadPrincipal(db: Db, userType: UserType, userId: string): Promise<Principal | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null
  if (userType === 'admin') {
    const [admin] = await db.select().from(superadmins).where(eq(superadmins.id, userId))
    return admin ? { type: 'admin', admin } : null
  }
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, userId))
  return organization ? { type: 'organization', organization } : null
}

export async function findAdminByUsername(db: Db, username: string): Promise<AdminRow | undefined> {
  const [admin] = await db
    .select()
    .from(superadmins)
    .where(eq(sql`lower(${superadmins.username})`, username.toLowerCase()))
  return admin
}

export async function findOrganizationByEmail(db: Db, email: string): Promise<OrganizationRow | undefined> {
  const [organization] = await db
    .select()
    .from(organizations)
    .where(eq(sql`lower(${organizations.email})`, email.toLowerCase()))
  return organization
}

/** Password changes end the sessions opened before them. */
export function passwordChangedAt(principal: Principal): string {
  return principal.type === 'admin'
    ? principal.admin.password_changed_at
    : principal.organization.password_changed_at
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
  const { organization } = principal
  return {
    id: organization.id,
    name: organization.name,
    email: organization.email,
    username: null,
    role: organization.type,
    status: organization.status,
    created_at: toIso(organization.created_at),
    last_login: organization.last_login ? toIso(organization.last_login) : null,
  }
}
