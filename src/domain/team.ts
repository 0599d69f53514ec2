// Schemas (zod) of the API for this subject; its zod-free half is team-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import { AUTH_MESSAGES, identifierChangePasswordSchema, passwordSchema, sessionMemberSchema } from './auth'
import { normalizeOrganizationName, SIGNUP_MESSAGES } from './organization-rules'
import {
  MEMBER_NAME_MAX_LENGTH,
  MEMBER_ROLES,
  MEMBER_STATUSES,
  RESOLUTION_NOTE_MAX_LENGTH,
  TEAM_MESSAGES,
} from './team-rules'

export * from './team-rules'

export const memberRoleSchema = z.enum(MEMBER_ROLES)

/**
 * A person's name as they are called in the team ("Awa Ndiaye"), kept as organisations' names are
 * (normalizeOrganizationName): without line breaks, bidi overrides or zero-width characters, which
 * would carry text of an inviter's choosing into the invitation's e-mail and the team's screen
 * (issue 47, point 6). Nothing but invisible characters is no name.
 */
export const memberNameSchema = z
  .string({ error: TEAM_MESSAGES.nameRequired })
  .max(MEMBER_NAME_MAX_LENGTH * 2)
  .transform(normalizeOrganizationName)
  .pipe(z.string().min(1, { error: TEAM_MESSAGES.nameRequired }).max(MEMBER_NAME_MAX_LENGTH))

export const memberEmailSchema = z
  .string({ error: SIGNUP_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: SIGNUP_MESSAGES.emailRequired })
  .max(200)
  .pipe(z.email({ error: SIGNUP_MESSAGES.emailInvalid }))

/** The signed-in member, beside their organisation (`GET /api/org/me`, the session). */
export const currentMemberSchema = sessionMemberSchema
export type CurrentMember = z.infer<typeof currentMemberSchema>

export const memberSchema = currentMemberSchema.extend({
  status: z.enum(MEMBER_STATUSES),
  last_login: z.string().nullable(),
})
export type Member = z.infer<typeof memberSchema>

export const membersSchema = z.object({ items: z.array(memberSchema) })

/**
 * The responsable's own password, asked again before a change that could hand the team over
 * (issue 47: inviting, a new link, `memberChangeNeedsPassword`), checked like a login; the server
 * says in French when it is missing.
 */
const currentPasswordSchema = identifierChangePasswordSchema

export const inviteMemberSchema = z
  .object({
    name: memberNameSchema,
    email: memberEmailSchema,
    role: memberRoleSchema,
    currentPassword: currentPasswordSchema,
  })
  .strict()
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>

/** `POST /api/org/members/:id/invitation`: a new link, with the responsable's password. */
export const reinviteMemberSchema = z.object({ currentPassword: currentPasswordSchema }).strict()

/** The one-time link a responsable hands to the person invited (copied, shared, e-mailed). */
export const invitationLinkSchema = z.object({ url: z.string(), expires_at: z.string() })
export type InvitationLink = z.infer<typeof invitationLinkSchema>

export const invitedMemberSchema = z.object({ member: memberSchema, invitation: invitationLinkSchema })

export const updateMemberSchema = z
  .object({
    name: memberNameSchema.optional(),
    role: memberRoleSchema.optional(),
    /** `disabled` on an invited member withdraws the invitation. */
    status: z.enum(['active', 'disabled']).optional(),
    currentPassword: currentPasswordSchema,
  })
  .strict()
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>

/** What the invitation page shows before the person chooses a password. */
export const invitationSchema = z.object({
  organization_name: z.string(),
  name: z.string(),
  email: z.string(),
})
export type Invitation = z.infer<typeof invitationSchema>

export const acceptInvitationSchema = z.object({ password: passwordSchema }).strict()

/** The invitation page's form: the password, typed twice. */
export const invitationFormSchema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((form) => form.password === form.confirmation, {
    path: ['confirmation'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  })
export type InvitationForm = z.infer<typeof invitationFormSchema>

/** An invitation's token as it travels in its link (base64url of INVITATION_TOKEN_BYTES). */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/)

/** The text fields beside the photo of the fix (`POST /api/org/reports/:id/resolution`, multipart). */
export const resolutionFieldsSchema = z
  .object({
    note: z
      .string()
      .trim()
      .max(RESOLUTION_NOTE_MAX_LENGTH, { error: TEAM_MESSAGES.resolutionNoteTooLong })
      .optional()
      .transform((note) => note || null),
  })
  .strict()
