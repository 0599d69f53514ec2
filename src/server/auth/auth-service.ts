import { eq } from 'drizzle-orm'
import { ACCESS_TOKEN_TTL_S, type LoginInput, REFRESH_TOKEN_TTL_S, type Session } from '../../domain/auth'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { organizations, superadmins } from '../db/schema'
import { AppError } from '../errors'
import { hashPassword, verifyPassword } from '../passwords'
import type { AccessTokens } from './access-tokens'
import {
  findAdminByUsername,
  findOrganizationByEmail,
  loadPrincipal,
  mayAct,
  type Principal,
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
} from './refresh-tokens'

// Compared against when the account does not exist, so that both cases take the same time.
const UNKNOWN_ACCOUNT_HASH = hashPassword('unknown-account-placeholder')

export interface AuthService {
  /** A session for these credentials; a failure is an AppError `not_authenticated` (limits: login-limits.ts). */
  login(input: LoginInput): Promise<OpenedSession>
  refresh(refreshToken: string): Promise<OpenedSession>
  logout(refreshToken: string): Promise<void>
  changePassword(principal: Principal, currentPassword: string, newPassword: string): Promise<OpenedSession>
  /** The principal behind an access token, or null when it no longer may act. */
  authenticate(accessToken: string): Promise<Principal | null>
  /**
   * The principal of a session cookie, for drawing a page, without renewing it (the page's own
   * requests then renew it): null when the token is unknown, spent, revoked or expired, or its
   * account may no longer act.
   */
  principalOfRefreshToken(refreshToken: string): Promise<Principal | null>
  /** A short-lived access token for this principal: the server's own requests while drawing its page. */
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
    return {
      session: {
        user: sessionUserOf(principal),
        userType,
        token: await tokens.sign(userId, userType, passwordVersionOf(principal), now),
        refreshToken: await issueRefreshToken(
          db,
          { userType, userId, familyId: family?.familyId, expiresAt: refreshExpiresAt.toISOString() },
          now,
        ),
        expiresIn: ACCESS_TOKEN_TTL_S,
      },
      refreshExpiresAt,
    }
  }

  async function findForLogin(input: LoginInput): Promise<{ principal: Principal | null; hash: string }> {
    if (input.userType === 'admin') {
      const admin = await findAdminByUsername(db, input.username)
      return {
        principal: admin ? { type: 'admin', admin } : null,
        hash: admin?.password_hash ?? (await UNKNOWN_ACCOUNT_HASH),
      }
    }
    const organization = await findOrganizationByEmail(db, input.email)
    return {
      principal: organization ? { type: 'organization', organization } : null,
      hash: organization?.password_hash ?? (await UNKNOWN_ACCOUNT_HASH),
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

    async logout(refreshToken) {
      await revokeByToken(db, refreshToken, clock.now())
    },

    async changePassword(principal, currentPassword, newPassword) {
      const currentHash =
        principal.type === 'admin' ? principal.admin.password_hash : principal.organization.password_hash
      if (!(await verifyPassword(currentHash, currentPassword))) {
        throw new AppError('invalid_input', {
          reason: 'auth.wrongCurrentPassword',
          field: 'currentPassword',
        })
      }
      const now = clock.now()
      const changes = {
        password_hash: await hashPassword(newPassword),
        password_changed_at: now.toISOString(),
      }
      const id = principalId(principal)
      await db.transaction(async (tx) => {
        if (principal.type === 'admin')
          await tx.update(superadmins).set(changes).where(eq(superadmins.id, id))
        else await tx.update(organizations).set(changes).where(eq(organizations.id, id))
        await revokeAllOfUser(tx as unknown as Db, principal.type, id, now)
      })
      const updated = await loadPrincipal(db, principal.type, id)
      if (!updated) throw new AppError('not_authenticated')
      // Every other session ends; this one goes on with a fresh token pair.
      return openSession(updated)
    },

    async authenticate(accessToken) {
      const now = clock.now()
      const claims = await tokens.verify(accessToken, now)
      if (!claims) return null
      const principal = await loadPrincipal(db, claims.userType, claims.userId)
      if (!principal || !mayAct(principal)) return null
      // A password change ends every session opened before it.
      return claims.passwordVersion === passwordVersionOf(principal) ? principal : null
    },

    async principalOfRefreshToken(refreshToken) {
      const owner = await peekRefreshToken(db, refreshToken, clock.now())
      const principal = owner ? await loadPrincipal(db, owner.userType, owner.userId) : null
      return principal && mayAct(principal) ? principal : null
    },

    accessTokenFor(principal) {
      return tokens.sign(principalId(principal), principal.type, passwordVersionOf(principal), clock.now())
    },
  }
}
