import { eq } from 'drizzle-orm'
import type {
  NameChangeDecision,
  OrganizationStatus,
  SignupInput,
  ZoneChangeDecision,
} from '../../domain/organization'
import { adminOrganization, updateOrganizationByAdmin } from '../admin/organizations-repository'
import { decideZoneChange, requireKnownAreas, setPendingZone, setZone, zoneOf } from '../areas/repository'
import { revokeAllOfOrganization } from '../auth/refresh-tokens'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { organizationMembers, organizations } from '../db/schema'
import { AppError } from '../errors'
import type { EventBus } from '../events/event-bus'
import { asEmailTaken, requireFreeEmail } from '../team/emails'
import { asNameTaken, renaming, requireFreeName } from './names'
import { signUpOrganization } from './signup'
import { rezoning } from './zones'

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

    /**
     * Its own profile, changed by one of its responsables; an approved organisation's new name
     * and new zone wait for an administrator. Its e-mail is its contact; the responsable who signs
     * in with that address (as whoever signed the organisation up does) follows it to the new one.
     */
    async updateProfile(
      organizationId: string,
      responsable: { id: string; email: string },
      changes: {
        name?: string
        email?: string
        phone?: string
        address?: string
        city?: string
        areaIds?: number[]
      },
    ) {
      const { name, areaIds, ...others } = changes
      const now = deps.clock.now()
      const [current] = await deps.db
        .select({ name: organizations.name, status: organizations.status, email: organizations.email })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      if (!current) throw new AppError('not_found')
      if (name !== undefined && name !== current.name) await requireFreeName(deps.db, name, organizationId)
      if (others.email !== undefined) await requireFreeEmail(deps.db, others.email, organizationId)
      if (areaIds) await requireKnownAreas(deps.db, areaIds)
      const zone = areaIds
        ? rezoning(
            {
              status: current.status,
              areaIds: (await zoneOf(deps.db, organizationId)).map((area) => area.id),
            },
            areaIds,
          )
        : undefined
      const loginFollows =
        others.email !== undefined && responsable.email.toLowerCase() === current.email.toLowerCase()
      try {
        await deps.db.transaction(async (tx) => {
          await tx
            .update(organizations)
            .set({
              ...others,
              ...(name === undefined ? {} : renaming(current, name, now)),
              updated_at: now.toISOString(),
            })
            .where(eq(organizations.id, organizationId))
          if (zone?.zone) await setZone(tx, organizationId, zone.zone)
          if (zone) await setPendingZone(tx, organizationId, zone.pending, now)
          if (loginFollows) {
            await tx
              .update(organizationMembers)
              .set({ email: others.email })
              .where(eq(organizationMembers.id, responsable.id))
          }
        })
      } catch (error) {
        throw asNameTaken(asEmailTaken(error))
      }
      await changed(organizationId)
    },

    /**
     * An administrator's decision (its status, its access, the new name or zone it asked for, its
     * zone); a suspended or rejected organisation's sessions end now. Answers the organisation as
     * the back-office shows it.
     */
    async decide(
      organizationId: string,
      changes: {
        status?: OrganizationStatus
        is_active?: boolean
        name_change?: NameChangeDecision
        zone_change?: ZoneChangeDecision
        areaIds?: number[]
      },
    ) {
      const now = deps.clock.now()
      const { areaIds, zone_change: zoneChange, ...decision } = changes
      if (areaIds) await requireKnownAreas(deps.db, areaIds)
      const updated = await deps.db.transaction(async (tx) => {
        // Its row first: two decisions on one organisation wait for each other.
        const organization = await updateOrganizationByAdmin(tx, organizationId, decision, now)
        if (zoneChange) await decideZoneChange(tx, organizationId, zoneChange, now)
        if (areaIds) await setZone(tx, organizationId, areaIds)
        return organization
      })
      if (updated && (!updated.is_active || updated.status !== 'approved')) {
        await revokeAllOfOrganization(deps.db, updated.id, now)
      }
      await changed(organizationId)
      return adminOrganization(deps.db, organizationId)
    },
  }
}

export type OrganizationChanges = ReturnType<typeof createOrganizationChanges>
