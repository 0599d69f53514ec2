import { eq } from 'drizzle-orm'
import type { NameChangeDecision, OrganizationStatus, SignupInput } from '../../domain/organization'
import { updateOrganizationByAdmin } from '../admin/organizations-repository'
import { revokeAllOfUser } from '../auth/refresh-tokens'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { organizations } from '../db/schema'
import { isUniqueViolation } from '../db/values'
import { AppError } from '../errors'
import type { EventBus } from '../events/event-bus'
import { asNameTaken, renaming, requireFreeName } from './names'
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

    /** Its own profile; an approved organisation's new name waits for an administrator. */
    async updateProfile(
      organizationId: string,
      changes: { name?: string; email?: string; phone?: string; address?: string; city?: string },
    ) {
      const { name, ...others } = changes
      const now = deps.clock.now()
      const [current] = await deps.db
        .select({ name: organizations.name, status: organizations.status })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      if (!current) throw new AppError('not_found')
      if (name !== undefined && name !== current.name) await requireFreeName(deps.db, name, organizationId)
      try {
        await deps.db
          .update(organizations)
          .set({
            ...others,
            ...(name === undefined ? {} : renaming(current, name, now)),
            updated_at: now.toISOString(),
          })
          .where(eq(organizations.id, organizationId))
      } catch (error) {
        if (isUniqueViolation(error, 'organizations_email_lower_key')) {
          throw new AppError('conflict', { reason: 'signup.emailTaken', field: 'email' })
        }
        throw asNameTaken(error)
      }
      await changed(organizationId)
    },

    /**
     * An administrator's decision (its status, its access, the new name it asked for); a
     * suspended or rejected organisation's sessions end now.
     */
    async decide(
      organizationId: string,
      changes: { status?: OrganizationStatus; is_active?: boolean; name_change?: NameChangeDecision },
    ) {
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
