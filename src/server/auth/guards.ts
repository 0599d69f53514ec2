import type { FastifyReply, FastifyRequest } from 'fastify'
import type { MemberRole } from '../../domain/team-rules'
import { AppError } from '../errors'
import type { OrganizationActor } from '../reports/lifecycle'
import type { MemberPrincipal, Principal } from './principals'

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null
  }
}

/** The access token a request presents (`Authorization: Bearer …`), if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header?.startsWith('Bearer ')) return undefined
  return header.slice('Bearer '.length).trim() || undefined
}

/** The caller, or 401: no token, a bad one, or an account that may no longer act. */
export async function requirePrincipal(request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request)
  const principal = token ? await request.server.auth.authenticate(token) : null
  if (!principal) throw new AppError('not_authenticated')
  request.principal = principal
  return principal
}

// The guards below run in `onRequest`: a caller without the right session is refused before its
// input is read or validated, so that a stranger learns nothing of a route's fields.

/** Guard of routes for anyone signed in (changing one's password). */
export async function requireSignedIn(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await requirePrincipal(request)
}

/** Guard of the organisation space: an approved, active organisation only. */
export async function requireOrganization(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const principal = await requirePrincipal(request)
  if (principal.type !== 'organization') throw new AppError('forbidden')
}

/** Guard of the back-office: an active super administrator only. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const principal = await requirePrincipal(request)
  if (principal.type !== 'admin') throw new AppError('forbidden')
}

/** The caller of a route guarded by `requireSignedIn`. */
export function currentPrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('not_authenticated')
  return request.principal
}

/**
 * Guard, on a route of the organisation space (after `requireOrganization`), of what only a
 * responsable does: the team, the organisation's profile.
 */
export async function requireResponsable(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (currentMember(request).member.role !== 'responsable') {
    throw new AppError('forbidden', { reason: 'team.responsableOnly' })
  }
}

/** The member behind a request that passed requireOrganization, with their organisation. */
export function currentMember(request: FastifyRequest): MemberPrincipal {
  if (request.principal?.type !== 'organization') throw new AppError('forbidden')
  return request.principal
}

/** The organisation behind a request that passed requireOrganization. */
export function currentOrganization(request: FastifyRequest) {
  return currentMember(request).organization
}

export function currentAdmin(request: FastifyRequest) {
  if (request.principal?.type !== 'admin') throw new AppError('forbidden')
  return request.principal.admin
}

/** The member behind a request of the organisation space, as a report's lifecycle names who acts. */
export function organizationActorOf(request: FastifyRequest): OrganizationActor {
  const { organization, member } = currentMember(request)
  return { organizationId: organization.id, member: { id: member.id, role: member.role as MemberRole } }
}
