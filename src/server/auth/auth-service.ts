import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { ACCESS_TOKEN_TTL_S, type LoginInput, REFRESH_TOKEN_TTL_S, type Session } from '../../domain/auth'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { organizationMembers, organizations, superadmins } from '../db/schema'
import { AppError } from '../errors'
import { hashPassword, verifyPassword } from '../passwords'
import type { AccessSession, AccessTokens } from './access-tokens'
import {
  findAdminByUsername,
  findMemberByEmail,
  loadPrincipal,
  loadSessionPrincipal,
  mayAct,
  type Principal,
  passwordHashOf,
  passwordVersionOf,
  principalId,
  sessionUserOf,
} from './principals'
import {
  consumeRefreshToken,
  issueRefreshToken,
  peekRefreshToken,
  revokeAllOfUser,
  revokeByToken,
  revokeFamily,
} from './refresh-tokens'

// Compared against when the account does not exist, so that both cases take the same time.
const UNKNOWN_ACCOUNT_HASH = hashPassword('unknown-account-placeholder')

export interface AuthService {
  /** A session for these credentials; a failure is an AppError `not_authenticated` (limits: login-limits.ts). */
  login(input: LoginInput): Promise<OpenedSession>
  refresh(refreshToken: string): Promise<OpenedSession>
  /** Ends the session of a refresh token, and the one an access token belongs to. */
  logout(session: { refreshToken?: string; sessionId?: string }): Promise<void>
  /** Whether this is the principal's password (the routes count a wrong one: login-limits.ts). */
  isCurrentPassword(principal: Principal, password: string): Promise<boolean>
  /**
   * Sets a new password, once the current one was confirmed (`confirmCurrentPassword`): every
   * session ends, this one goes on with a fresh token pair.
   */
  changePassword(principal: Principal, newPassword: string): Promise<OpenedSession>
  /** The principal behind an access token, or null when it no longer may act or its session ended. */
  authenticate(accessToken: string): Promise<Principal | null>
  /**
   * The principal of what an access token named, checked as `authenticate` checks the token
   * itself: what a live stream opened with a ticket in the token's place checks while it lasts.
   */
  principalOfSession(session: AccessSession): Promise<Principal | null>
  /**
   * The principal of a session cookie, for server-rendering a page, without renewing it (the page's own
   * requests then renew it): null when the token is unknown, spent, revoked or expired, or its
   * account may no longer act.
   */
  principalOfRefreshToken(refreshToken: string): Promise<Principal | null>
  /**
   * A short-lived access token for this principal, in its session (a principal of
   * `principalOfRefreshToken`): the server's own requests while server-rendering its page.
   */
  accessTokenFor(principal: Principal): Promise<string>
}

/** A session as opened: the answer, and when its refresh token (the cookie) expires. */
export interface OpenedSession {
  session: Session & { refreshToken: string }
  refreshExpiresAt: Date
}

export function createAuthService(deps: { db: Db; clock: Clock; tokens: AccessTokens }): AuthService {
  const { db, clock, tokens } = deps

  async function openSession(
    principal: Principal,
    family?: { familyId: string; expiresAt: string },
  ): Promise<OpenedSession> {
    const now = clock.now()
    const userType = principal.type
    const userId = principalId(principal)
    const refreshExpiresAt = new Date(family?.expiresAt ?? now.getTime() + REFRESH_TOKEN_TTL_S * 1000)
    // A new login starts a session: its refresh tokens' family, named in its access tokens.
    const sessionId = family?.familyId ?? randomUUID()
    const refreshToken = await issueRefreshToken(
      db,
      { userType, userId, familyId: sessionId, expiresAt: refreshExpiresAt.toISOString() },
      now,
    )
    return {
      session: {
        user: sessionUserOf(principal),
        userType,
        token: await tokens.sign(
          { userId, userType, passwordVersion: passwordVersionOf(principal), sessionId },
          now,
        ),
        refreshToken,
        expiresIn: ACCESS_TOKEN_TTL_S,
      },
      refreshExpiresAt,
    }
  }

  async function principalOfSession(session: AccessSession): Promise<Principal | null> {
    const now = clock.now()
    if (now >= session.accessExpiresAt) return null
    const principal = await loadSessionPrincipal(db, session, now)
    if (!principal || !mayAct(principal)) return null
    // A password change ends every session opened before it.
    if (session.passwordVersion !== passwordVersionOf(principal)) return null
    return { ...principal, accessExpiresAt: session.accessExpiresAt }
  }

  async function findForLogin(input: LoginInput): Promise<{ principal: Principal | null; hash: string }> {
    if (input.userType === 'admin') {
      const admin = await findAdminByUsername(db, input.username)
      return {
        principal: admin ? { type: 'admin', admin } : null,
        hash: admin?.password_hash ?? (await UNKNOWN_ACCOUNT_HASH),
      }
    }
    const found = await findMemberByEmail(db, input.email)
    return {
      principal: found ? { type: 'organization', ...found } : null,
      // An invited member has no password yet: compared like an unknown account's.
      hash: found?.member.password_hash ?? (await UNKNOWN_ACCOUNT_HASH),
    }
  }

  return {
    async login(input) {
      const { principal, hash } = await findForLogin(input)
      const passwordOk = await verifyPassword(hash, input.password)
      if (!principal || !passwordOk || !mayAct(principal)) {
        throw new AppError('not_authenticated', {
          reason:
            input.userType === 'admin' ? 'auth.adminWrongCredentials' : 'auth.organizationWrongCredentials',
        })
      }
      const lastLogin = clock.now().toISOString()
      if (principal.type === 'admin') {
        await db
          .update(superadmins)
          .set({ last_login: lastLogin })
          .where(eq(superadmins.id, principal.admin.id))
      } else {
        await db
          .update(organizationMembers)
          .set({ last_login: lastLogin })
          .where(eq(organizationMembers.id, principal.member.id))
        await db
          .update(organizations)
          .set({ last_login: lastLogin })
          .where(eq(organizations.id, principal.organization.id))
      }
      const fresh = await loadPrincipal(db, principal.type, principalId(principal))
      return openSession(fresh ?? principal)
    },

    async refresh(refreshToken) {
      const owner = await consumeRefreshToken(db, refreshToken, clock.now())
      const principal = owner ? await loadPrincipal(db, owner.userType, owner.userId) : null
      if (!owner || !principal || !mayAct(principal)) {
        throw new AppError('not_authenticated', { reason: 'auth.sessionExpired' })
      }
      return openSession(principal, owner)
    },

    async logout({ refreshToken, sessionId }) {
      const now = clock.now()
      if (refreshToken) await revokeByToken(db, refreshToken, now)
      if (sessionId) await revokeFamily(db, sessionId, now)
    },

    async isCurrentPassword(principal, password) {
      return verifyPassword(passwordHashOf(principal) ?? (await UNKNOWN_ACCOUNT_HASH), password)
    },

    async changePassword(principal, newPassword) {
      const now = clock.now()
      const changes = {
        password_hash: await hashPassword(newPassword),
        password_changed_at: now.toISOString(),
      }
      const id = principalId(principal)
      await db.transaction(async (tx) => {
        if (principal.type === 'admin')
          await tx.update(superadmins).set(changes).where(eq(superadmins.id, id))
        else await tx.update(organizationMembers).set(changes).where(eq(organizationMembers.id, id))
        await revokeAllOfUser(tx as unknown as Db, principal.type, id, now)
      })
      const updated = await loadPrincipal(db, principal.type, id)
      if (!updated) throw new AppError('not_authenticated')
      // Every other session ends; this one goes on with a fresh token pair.
      return openSession(updated)
    },

    async authenticate(accessToken) {
      const claims = await tokens.verify(accessToken, clock.now())
      if (!claims) return null
      const accessExpiresAt = new Date((claims.issuedAt + ACCESS_TOKEN_TTL_S) * 1000)
      return principalOfSession({ ...claims, accessExpiresAt })
    },

    principalOfSession,

    async principalOfRefreshToken(refreshToken) {
      const owner = await peekRefreshToken(db, refreshToken, clock.now())
      const principal = owner ? await loadPrincipal(db, owner.userType, owner.userId) : null
      return principal && mayAct(principal) ? { ...principal, sessionId: owner?.familyId } : null
    },

    accessTokenFor(principal) {
      // Only in a session that can be ended: a token of none could not be.
      if (!principal.sessionId) throw new Error('an access token needs the session it belongs to')
      return tokens.sign(
        {
          userId: principalId(principal),
          userType: principal.type,
          passwordVersion: passwordVersionOf(principal),
          sessionId: principal.sessionId,
        },
        clock.now(),
      )
    },
  }
}
