// Accounts written straight to the database, and sessions opened through the real login route.
import { parseSetCookie } from 'cookie'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Session } from '../../domain/auth'
import { SESSION_COOKIE, WEB_SESSION_HEADER } from '../../domain/auth-rules'
import type { OrganizationStatus, OrganizationType } from '../../domain/organization'
import type { MemberRole, MemberStatus } from '../../domain/team-rules'
import type { Db } from '../db/database'
import {
  areas,
  categories,
  categoryOrganizations,
  organizationAreas,
  organizationMembers,
  organizations,
  superadmins,
} from '../db/schema'
import { hashPassword } from '../passwords'
import { TEST_ADMIN } from './helper'

export const ORG_PASSWORD = 'motdepasse1'
let counter = 0

export async function createOrganization(
  db: Db,
  options: {
    name?: string
    categories?: string[]
    status?: OrganizationStatus
    is_active?: boolean
    email?: string
    type?: OrganizationType
    /** The communes it covers, by name (none: the whole department). */
    areas?: string[]
  } = {},
) {
  counter += 1
  const [organization] = await db
    .insert(organizations)
    .values({
      name: options.name ?? `Organisation ${counter}`,
      type: options.type ?? 'mairie',
      email: options.email ?? `org${counter}-${Date.now()}@example.sn`,
      phone: '+221 33 800 00 00',
      address: 'Place de l’Indépendance',
      city: 'Dakar',
      status: options.status ?? 'approved',
      is_active: options.is_active ?? true,
    })
    .returning()
  if (!organization) throw new Error('insert failed')
  // Its first responsable signs in with the organisation's e-mail, as after a sign-up.
  await db.insert(organizationMembers).values({
    organization_id: organization.id,
    name: `Responsable ${counter}`,
    email: organization.email,
    role: 'responsable',
    status: 'active',
    password_hash: await hashPassword(ORG_PASSWORD),
  })
  const names = options.categories ?? ['Voirie']
  const rows = await db.select().from(categories).where(inArray(categories.nom, names))
  if (rows.length > 0) {
    await db
      .insert(categoryOrganizations)
      .values(rows.map((c) => ({ organization_id: organization.id, categorie_id: c.id })))
  }
  if (options.areas?.length) {
    const covered = await db.select().from(areas).where(inArray(areas.name, options.areas))
    await db
      .insert(organizationAreas)
      .values(covered.map((area) => ({ organization_id: organization.id, area_id: area.id })))
  }
  return organization
}

/** Another member of an organisation, who signs in with ORG_PASSWORD (an agent unless told). */
export async function addMember(
  db: Db,
  organizationId: string,
  options: { role?: MemberRole; status?: MemberStatus; name?: string } = {},
) {
  counter += 1
  const status = options.status ?? 'active'
  const [member] = await db
    .insert(organizationMembers)
    .values({
      organization_id: organizationId,
      name: options.name ?? `Agent ${counter}`,
      email: `membre${counter}-${Date.now()}@example.sn`,
      role: options.role ?? 'agent',
      status,
      password_hash: status === 'invited' ? null : await hashPassword(ORG_PASSWORD),
    })
    .returning()
  if (!member) throw new Error('insert failed')
  return member
}

/** A session as an API client gets it: its refresh token in the answer. */
export async function login(
  app: FastifyInstance,
  body: Record<string, string>,
): Promise<Session & { refreshToken: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: body })
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

export function loginOrganization(app: FastifyInstance, email: string, password = ORG_PASSWORD) {
  return login(app, { userType: 'organization', email, password })
}

export function loginAdmin(app: FastifyInstance) {
  return login(app, { userType: 'admin', ...TEST_ADMIN })
}

/** The browser app's login: its header asks for the session cookie instead of a refresh token. */
export function webLogin(app: FastifyInstance, body: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { [WEB_SESSION_HEADER]: '1' },
    payload: body,
  })
}

/**
 * A member signed in through the browser app, as on its screens: the headers of their requests
 * carry the access token and the cookies the login set, among them the one that makes the device
 * known to the account, so that their password checks never wait for the account's turn
 * (login-limits.ts).
 */
export async function signInOnTheApp(app: FastifyInstance, email: string, password = ORG_PASSWORD) {
  const res = await webLogin(app, { userType: 'organization', email, password })
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`)
  const session = res.json() as Session
  const cookie = [res.headers['set-cookie'] ?? []]
    .flat()
    .map((header) => header.split(';')[0])
    .join('; ')
  return { session, headers: { authorization: `Bearer ${session.token}`, cookie } }
}

/** The session cookie an answer sets, as the browser reads it. */
export function sessionCookieSet(res: LightMyRequestResponse) {
  const headers = [res.headers['set-cookie'] ?? []].flat()
  const cookie = headers.map((header) => parseSetCookie(header)).find((c) => c.name === SESSION_COOKIE)
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie in ${JSON.stringify(headers)}`)
  return cookie
}

export const bearer = (session: { token: string }) => ({ authorization: `Bearer ${session.token}` })

export async function setOrganization(
  db: Db,
  id: string,
  changes: Partial<typeof organizations.$inferInsert>,
) {
  await db.update(organizations).set(changes).where(eq(organizations.id, id))
}

export async function setAdminStatus(db: Db, username: string, status: 'active' | 'inactive') {
  await db.update(superadmins).set({ status }).where(eq(superadmins.username, username))
}
