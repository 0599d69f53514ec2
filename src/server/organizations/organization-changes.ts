import { eq } from 'drizzle-orm'
import type { OrganizationStatus, SignupInput } from '../../domain/organization'
import { updateOrganizationByAdmin } from '../admin/organizations-repository'
import { revokeAllOfUser } from '../auth/refresh-tokens'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { organizations } from '../db/schema'
import { isUniqueViolation } from '../db/values'
import { AppError } from '../errors'
import type { EventBus } from '../events/event-bus'
import { signUpOrganization } from './signup'

/**
 * Every change to an organisation, each told to the live streams that concern it (the
 * organisation itself, the administrators): sign-up, its own profile, an administrator's decision.
 */
export function createOrganizationChanges(deps: { db: Db; events: EventBus; clock: Clock }) {
  const changed = (organizationId: string) =>
    deps.events.publish({ type: 'organizations.changed', organizationId })
  return {
    async signUp(input: SignupInput) {
      const created = await signUpOrganization(deps.db, input)
      await changed(created.id)
      return created
    },

    async updateProfile(
      organizationId: string,
      changes: { name?: string; email?: string; phone?: string; address?: string; city?: string },
    ) {
      try {
        await deps.db
          .update(organizations)
          .set({ ...changes, updated_at: deps.clock.now().toISOString() })
          .where(eq(organizations.id, organizationId))
      } catch (error) {
        if (isUniqueViolation(error, 'organizations_email_lower_key')) {
          throw new AppError('conflict', { reason: 'signup.emailTaken', field: 'email' })
        }
        throw error
      }
      await changed(organizationId)
    },

    /** An administrator's decision; a suspended or rejected organisation's sessions end now. */
    async decide(organizationId: string, changes: { status?: OrganizationStatus; is_active?: boolean }) {
      const now = deps.clock.now()
      const updated = await updateOrganizationByAdmin(deps.db, organizationId, changes, now)
      if (updated && (!updated.is_active || updated.status !== 'approved')) {
        await revokeAllOfUser(deps.db, 'organization', updated.id, now)
      }
      await changed(organizationId)
      return updated
    },
  }
}

export type OrganizationChanges = ReturnType<typeof createOrganizationChanges>
