import { createHash, randomBytes } from 'node:crypto'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import {
  INVITATION_PATH,
  INVITATION_TOKEN_BYTES,
  INVITATION_TTL_MS,
  type Invitation,
  type InvitationLink,
  type InviteMemberInput,
  invitationEmail,
  type Member,
  type MemberRole,
  type MemberStatus,
  memberChangeNeedsPassword,
  memberChangeRefusal,
  type UpdateMemberInput,
} from '../../domain/team'
import { revokeAllOfUser } from '../auth/refresh-tokens'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { organizationMembers, organizations } from '../db/schema'
import { toIso } from '../db/values'
import { queueEmail } from '../email/email-outbox'
import { AppError } from '../errors'
import type { EventBus } from '../events/event-bus'
import { hashPassword } from '../passwords'
import { asAlreadyInTeam, invitationEmailTaken, isEmailFree, isLoginTaken, requireNotInTeam } from './emails'
import { countInvitationSent } from './invitation-limits'
import { currentPasswordRequired } from './responsable-password'

type MemberRow = typeof organizationMembers.$inferSelect

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

export function memberOf(row: MemberRow): Member {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as MemberRole,
    status: row.status as MemberStatus,
    last_login: row.last_login ? toIso(row.last_login) : null,
  }
}

/** A new one-time invitation: its token goes in the link only, its hash in the member's row. */
function newInvitation(now: Date) {
  const token = randomBytes(INVITATION_TOKEN_BYTES).toString('base64url')
  return {
    token,
    columns: {
      invitation_hash: hashOf(token),
      invitation_expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
      invitation_used_at: null,
    },
  }
}

const invitationUrl = (origin: string, token: string) => `${origin}${INVITATION_PATH}/${token}`

/**
 * An organisation's team (issue 29): its responsables invite people, change their role, disable
 * them; an invited person chooses a password from the link. Each change is told to the
 * organisation's live stream, so that every screen of its team shows it.
 */
export function createTeamChanges(deps: {
  db: Db
  events: EventBus
  clock: Clock
  /** The e-mail sender, when SMTP_URL is set: invitations then also go by e-mail. */
  email?: { wake(): void }
}) {
  const { db, clock } = deps
  const changed = (organizationId: string) =>
    deps.events.publish({ type: 'organizations.changed', organizationId })

  /** The invitation's e-mail, in the transaction that made its link (when e-mails are sent at all). */
  async function queueInvitationEmail(
    tx: Db,
    member: { organization_id: string; name: string; email: string },
    link: InvitationLink,
  ) {
    if (!deps.email) return
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, member.organization_id))
    const message = invitationEmail({
      organizationName: organization?.name ?? '',
      name: member.name,
      url: link.url,
      expiresAt: link.expires_at,
    })
    await queueEmail(tx, { to: member.email, ...message }, clock.now())
  }

  async function memberOfOrganization(organizationId: string, memberId: string): Promise<MemberRow> {
    const [row] = await db
      .select()
      .from(organizationMembers)
      .where(
        and(eq(organizationMembers.id, memberId), eq(organizationMembers.organization_id, organizationId)),
      )
    if (!row) throw new AppError('not_found', { reason: 'team.memberNotFound' })
    return row
  }

  /** The invitation a link names, or 404 (unknown) / 410 (used, expired, or its member disabled). */
  async function pendingInvitation(token: string) {
    const [row] = await db
      .select({ member: organizationMembers, organizationName: organizations.name })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organization_id))
      .where(eq(organizationMembers.invitation_hash, hashOf(token)))
    if (!row) throw new AppError('not_found', { reason: 'team.invitationUnknown' })
    const { member } = row
    const expired = !member.invitation_expires_at || new Date(member.invitation_expires_at) <= clock.now()
    if (member.invitation_used_at || member.status !== 'invited' || expired) {
      throw new AppError('gone', { reason: 'team.invitationGone' })
    }
    return row
  }

  return {
    async list(organizationId: string): Promise<Member[]> {
      const rows = await db
        .select()
        .from(organizationMembers)
        .where(eq(organizationMembers.organization_id, organizationId))
        // Responsables first ('responsable' > 'agent'), then by name.
        .orderBy(desc(organizationMembers.role), asc(sql`lower(${organizationMembers.name})`))
      return rows.map(memberOf)
    },

    /**
     * A new member, invited. Whether the address is anyone's login elsewhere is not looked at (issue
     * 47): the answer is the same for every address outside the team, and acceptance decides.
     */
    async invite(organizationId: string, input: Omit<InviteMemberInput, 'currentPassword'>, origin: string) {
      const now = clock.now()
      const invitation = newInvitation(now)
      const link = {
        url: invitationUrl(origin, invitation.token),
        expires_at: invitation.columns.invitation_expires_at,
      }
      const row = await db
        .transaction(async (tx) => {
          await requireNotInTeam(tx as unknown as Db, input.email, organizationId)
          await countInvitationSent(tx as unknown as Db, organizationId, input.email, now)
          const [inserted] = await tx
            .insert(organizationMembers)
            .values({ organization_id: organizationId, ...input, status: 'invited', ...invitation.columns })
            .returning()
          if (!inserted) throw new Error('insert returned no row')
          await queueInvitationEmail(tx as unknown as Db, inserted, link)
          return inserted
        })
        .catch((error) => {
          throw asAlreadyInTeam(error)
        })
      deps.email?.wake()
      await changed(organizationId)
      return { member: memberOf(row), invitation: link }
    },

    /** A new link for someone who has not yet accepted: the former one stops working. */
    async reinvite(organizationId: string, memberId: string, origin: string) {
      const current = await memberOfOrganization(organizationId, memberId)
      if (current.status !== 'invited')
        throw new AppError('conflict', { reason: 'team.invitationNotPending' })
      const now = clock.now()
      const invitation = newInvitation(now)
      const link = {
        url: invitationUrl(origin, invitation.token),
        expires_at: invitation.columns.invitation_expires_at,
      }
      await db.transaction(async (tx) => {
        await countInvitationSent(tx as unknown as Db, organizationId, current.email, now)
        await tx
          .update(organizationMembers)
          .set(invitation.columns)
          .where(eq(organizationMembers.id, memberId))
        await queueInvitationEmail(tx as unknown as Db, current, link)
      })
      deps.email?.wake()
      return { member: memberOf(current), invitation: link }
    },

    /**
     * A responsable's change to a member. Nobody disables or demotes themselves, and the last
     * active responsable stays (409); what could hand the team over needs the responsable's password,
     * confirmed by the route (`passwordConfirmed`), decided here on the member as locked. A disabled
     * member's sessions end at once; an invited member disabled is an invitation withdrawn: its row
     * goes (it never was an account), its link with it (404), its address is free again, and the
     * answer shows it disabled, as it last was.
     */
    async update(
      organizationId: string,
      actorId: string,
      memberId: string,
      change: Omit<UpdateMemberInput, 'currentPassword'>,
      passwordConfirmed: boolean,
    ) {
      const now = clock.now()
      const updated = await db.transaction(async (tx) => {
        // The organisation's responsables, locked: two responsables demoting each other at once
        // cannot leave the organisation without one.
        const responsables = await tx
          .select({ id: organizationMembers.id })
          .from(organizationMembers)
          .where(
            and(
              eq(organizationMembers.organization_id, organizationId),
              eq(organizationMembers.role, 'responsable'),
              eq(organizationMembers.status, 'active'),
            ),
          )
          .for('update')
        const [current] = await tx
          .select()
          .from(organizationMembers)
          .where(
            and(
              eq(organizationMembers.id, memberId),
              eq(organizationMembers.organization_id, organizationId),
            ),
          )
        if (!current) throw new AppError('not_found', { reason: 'team.memberNotFound' })
        const member = {
          id: current.id,
          role: current.role as MemberRole,
          status: current.status as MemberStatus,
        }
        if (!passwordConfirmed && memberChangeNeedsPassword(member, change)) throw currentPasswordRequired()
        // An invited member stays invited until they accept: "active" is theirs to reach.
        const status = change.status === 'active' && current.status === 'invited' ? undefined : change.status
        const refusal = memberChangeRefusal(
          actorId,
          member,
          { role: change.role, status },
          responsables.length,
        )
        if (refusal) throw new AppError('conflict', { reason: `team.${refusal}` })
        if (status === 'disabled' && current.status === 'invited') {
          await tx.delete(organizationMembers).where(eq(organizationMembers.id, memberId))
          return { ...current, status }
        }
        const [row] = await tx
          .update(organizationMembers)
          .set({ name: change.name, role: change.role, status })
          .where(eq(organizationMembers.id, memberId))
          .returning()
        if (status === 'disabled') await revokeAllOfUser(tx as unknown as Db, 'organization', memberId, now)
        return row
      })
      if (!updated) throw new AppError('not_found', { reason: 'team.memberNotFound' })
      await changed(organizationId)
      return memberOf(updated)
    },

    async invitation(token: string): Promise<Invitation> {
      const { member, organizationName } = await pendingInvitation(token)
      return { organization_name: organizationName, name: member.name, email: member.email }
    },

    /**
     * The invited person's password: they are now an active member, and the link is spent. Unless
     * their address became a login, or another organisation's contact, since they were invited
     * (409): of several organisations' invitations of one address, the first accepted wins.
     */
    async accept(token: string, password: string): Promise<void> {
      const { member } = await pendingInvitation(token)
      if (!(await isEmailFree(db, member.email, member.organization_id))) throw invitationEmailTaken()
      const now = clock.now().toISOString()
      const accepted = await db
        .update(organizationMembers)
        .set({
          password_hash: await hashPassword(password),
          password_changed_at: now,
          status: 'active',
          invitation_used_at: now,
        })
        // Of two uses of one link at once, one wins.
        .where(and(eq(organizationMembers.id, member.id), eq(organizationMembers.status, 'invited')))
        .returning({ id: organizationMembers.id })
        .catch((error) => {
          // A login of that address made meanwhile: the logins' unique index says so.
          throw isLoginTaken(error) ? invitationEmailTaken() : error
        })
      if (accepted.length === 0) throw new AppError('gone', { reason: 'team.invitationGone' })
      await changed(member.organization_id)
    },
  }
}

export type TeamChanges = ReturnType<typeof createTeamChanges>
