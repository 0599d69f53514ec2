/** An organisation's team: its members, their roles and invitations, without zod (the rules half of team.ts). */

/**
 * A `responsable` manages the team, the organisation's profile and every report of the
 * organisation; an `agent` works on the reports given to them and reads the others.
 */
export const MEMBER_ROLES = ['responsable', 'agent'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/** Invited (has not chosen a password yet), active, or disabled by a responsable (cannot sign in). */
export const MEMBER_STATUSES = ['invited', 'active', 'disabled'] as const
export type MemberStatus = (typeof MEMBER_STATUSES)[number]

export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  responsable: 'Responsable',
  agent: 'Agent',
}
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  invited: 'Invité',
  active: 'Actif',
  disabled: 'Désactivé',
}

/** An invitation link works this long, once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** Random bytes of an invitation's token (256 bits; only its hash is kept). */
export const INVITATION_TOKEN_BYTES = 32
/** The page an invitation's link opens: `/organization/invitation/<token>`. */
export const INVITATION_PATH = '/organization/invitation'
/** "Ma tournée": an agent's home on a phone, the reports handed to them. */
export const TOURNEE_PATH = '/organization/tournee'

export const MEMBER_NAME_MAX_LENGTH = 100

/**
 * Invitations one organisation sends in 24 hours (issue 47, point 6), counted by organisation so
 * that one never spends another's: to one person, links and e-mails alike, at most
 * INVITATIONS_PER_RECIPIENT_PER_DAY (a new link now and then, never a mailbox flooded); in all, at
 * most INVITATIONS_PER_ORGANIZATION_PER_DAY, more than a commune's whole field team on its first
 * day, and few enough that no organisation turns the platform into a mass mailer.
 */
export const INVITATIONS_PER_RECIPIENT_PER_DAY = 5
export const INVITATIONS_PER_ORGANIZATION_PER_DAY = 50
export const INVITATION_LIMITS_WINDOW_MS = 24 * 60 * 60 * 1000

/** The note under the photo of the fix, public like the photo (issue 29). */
export const RESOLUTION_NOTE_MAX_LENGTH = 500

export const TEAM_MESSAGES = {
  nameRequired: 'Le nom est requis',
  responsableOnly: 'Seul un responsable de l’organisation peut faire cela.',
  notOwnAccount: 'Vous ne pouvez ni désactiver votre propre compte ni vous retirer le rôle de responsable.',
  lastResponsable: 'L’organisation doit garder au moins un responsable actif.',
  memberNotFound: 'Ce membre n’appartient pas à votre organisation.',
  notYourReport: 'Ce signalement est confié à un autre membre de votre organisation.',
  assigneeNotActive:
    'Ce membre n’est pas actif : confiez le signalement à un membre actif de votre organisation.',
  invitationUnknown: 'Ce lien d’invitation n’existe pas.',
  invitationGone:
    'Ce lien d’invitation a déjà servi ou a expiré. Demandez un nouveau lien à votre responsable.',
  invitationNotPending: 'Ce membre a déjà choisi son mot de passe : il n’a plus besoin d’invitation.',
  currentPasswordRequired: 'Saisissez votre mot de passe pour confirmer ce changement de l’équipe.',
  alreadyInTeam: 'Cette adresse est déjà celle d’un membre de votre équipe.',
  tooManyInvitationsToRecipient: `Cette personne a déjà reçu ${INVITATIONS_PER_RECIPIENT_PER_DAY} invitations en 24 heures : réessayez demain.`,
  tooManyInvitationsFromOrganization: `Votre organisation a déjà envoyé ${INVITATIONS_PER_ORGANIZATION_PER_DAY} invitations en 24 heures, le maximum : réessayez demain.`,
  invitationEmailTaken:
    'Cette adresse email est déjà celle d’un autre compte. Demandez à votre responsable de vous inviter avec une autre adresse.',
  invitationWithdrawn: 'Invitation retirée',
  invited: 'Invitation créée',
  invitationAccepted: 'Votre compte est prêt. Connectez-vous avec votre adresse email et votre mot de passe.',
  memberUpdated: 'Membre mis à jour',
  linkCopied: 'Lien copié',
  resolutionPhotoRequired: 'Ajoutez la photo après intervention.',
  resolutionOnePhoto: 'Envoyez une seule photo après intervention, sans autre fichier.',
  resolutionNoteTooLong: `La note ne doit pas dépasser ${RESOLUTION_NOTE_MAX_LENGTH} caractères.`,
  idempotencyKeyOfAnotherReport: 'Cette clé a déjà servi pour un autre signalement.',
  idempotencyKeyOfAnotherMember: 'Cette clé a déjà servi à une action d’un autre membre.',
  idempotencyKeyOfAnotherAction: 'Cette clé a déjà servi à une autre action.',
} as const

/**
 * Whether a member may change a report of their organisation or write about it: a responsable on
 * every one, an agent on those handed to them only. A session of before teams (no member) is the
 * organisation's responsable.
 */
export function mayWorkOnReport(
  member: { id: string; role: MemberRole } | undefined,
  assigneeId: string | null | undefined,
): boolean {
  return member?.role !== 'agent' || assigneeId === member.id
}

/**
 * The member to tell that a report is now theirs, or null: whoever it is newly handed to, unless
 * they did it themselves (an agent's own claim, a responsable keeping it for themselves).
 */
export function newAssigneeToTell(
  before: string | null,
  after: string | null,
  actingMemberId: string | undefined,
): string | null {
  if (!after || after === before || after === actingMemberId) return null
  return after
}

/** A member as a change to it sees them. */
export interface MemberState {
  id: string
  role: MemberRole
  status: MemberStatus
}

/**
 * Why a responsable may not make this change to a member, or null when they may: nobody disables
 * or demotes themselves, and an organisation keeps at least one active responsable.
 */
export function memberChangeRefusal(
  actorId: string,
  member: MemberState,
  change: { role?: MemberRole; status?: MemberStatus },
  activeResponsables: number,
): 'notOwnAccount' | 'lastResponsable' | null {
  const role = change.role ?? member.role
  const status = change.status ?? member.status
  const staysActiveResponsable = role === 'responsable' && status === 'active'
  const isActiveResponsable = member.role === 'responsable' && member.status === 'active'
  if (member.id === actorId && !staysActiveResponsable) return 'notOwnAccount'
  if (isActiveResponsable && !staysActiveResponsable && activeResponsables <= 1) return 'lastResponsable'
  return null
}

/**
 * Whether a change to a member needs the responsable's current password (issue 47, point 1): a
 * stolen session must not hand the team over. So whatever gives a responsable's power or access
 * (making someone responsable, enabling a disabled member again) or takes it from an active
 * responsable (demoting or disabling them) needs it; renaming, demoting or disabling an agent and
 * withdrawing an invitation do not. Inviting and giving a new link always need it.
 */
export function memberChangeNeedsPassword(
  member: { role: MemberRole; status: MemberStatus },
  change: { role?: MemberRole; status?: MemberStatus },
): boolean {
  const promoted = change.role === 'responsable' && member.role !== 'responsable'
  const enabledAgain = change.status === 'active' && member.status === 'disabled'
  const isActiveResponsable = member.role === 'responsable' && member.status === 'active'
  const deposed = isActiveResponsable && (change.role === 'agent' || change.status === 'disabled')
  return promoted || enabledAgain || deposed
}

/** An e-mail is retried for this long, with a growing delay, then dropped (the link can be given again). */
export const EMAIL_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000
export const EMAIL_FIRST_RETRY_MS = 60_000
export const EMAIL_MAX_RETRY_MS = 60 * 60 * 1000

/** The pause before the next try of an e-mail tried `attempts` times. */
export function emailRetryDelay(attempts: number): number {
  return Math.min(EMAIL_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), EMAIL_MAX_RETRY_MS)
}

const LONG_DATE = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Africa/Dakar' })

/** The e-mail of an invitation, in French: who invites, to do what, the link and until when. */
export function invitationEmail(invitation: {
  organizationName: string
  name: string
  url: string
  expiresAt: string
}): { subject: string; text: string } {
  const until = LONG_DATE.format(new Date(invitation.expiresAt))
  return {
    subject: `Invitation à rejoindre ${invitation.organizationName} sur Alertes urbaines`,
    text: [
      `Bonjour ${invitation.name},`,
      '',
      `${invitation.organizationName} vous invite à rejoindre son équipe sur Alertes urbaines, la plateforme de signalement des problèmes urbains de Dakar.`,
      '',
      'Pour activer votre compte, choisissez votre mot de passe en ouvrant ce lien\u202f:',
      invitation.url,
      '',
      `Ce lien ne sert qu’une fois et expire le ${until}. Si vous n’attendiez pas cette invitation, ignorez ce message.`,
    ].join('\n'),
  }
}
