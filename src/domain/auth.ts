// Schemas (zod) of the API for this subject; its zod-free half is auth-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import { AUTH_MESSAGES, USER_TYPES } from './auth-rules'
import { PASSWORD_MIN_LENGTH } from './constants'
import { MEMBER_ROLES } from './team-rules'

export * from './auth-rules'

export const adminLoginSchema = z
  .object({
    userType: z.literal('admin'),
    username: z.string().trim().min(1, { error: AUTH_MESSAGES.usernameRequired }).max(100),
    password: z.string().min(1, { error: AUTH_MESSAGES.passwordRequired }).max(200),
  })
  .strict()

export const organizationLoginSchema = z
  .object({
    userType: z.literal('organization'),
    email: z.string().trim().min(1, { error: AUTH_MESSAGES.emailRequired }).max(200),
    password: z.string().min(1, { error: AUTH_MESSAGES.passwordRequired }).max(200),
  })
  .strict()

export const loginSchema = z.discriminatedUnion('userType', [adminLoginSchema, organizationLoginSchema])
export type LoginInput = z.infer<typeof loginSchema>

/** The person signed in for an organisation (issue 29): one member of its team. */
export const sessionMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
})

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  /** "admin" for super administrators, the organisation type otherwise. */
  role: z.string(),
  status: z.string(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  /** For an organisation: who of its team signed in. */
  member: sessionMemberSchema.optional(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

export const sessionSchema = z.object({
  user: sessionUserSchema,
  userType: z.enum(USER_TYPES),
  token: z.string(),
  /** For API clients; the browser app's is in its session cookie instead (WEB_SESSION_HEADER). */
  refreshToken: z.string().optional(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
})
export type Session = z.infer<typeof sessionSchema>

/** The refresh token of an API client; the browser app's comes in its session cookie. */
export const refreshSchema = z.object({ refreshToken: z.string().min(1).max(200).optional() }).strict()

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort })
  .max(200)

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: AUTH_MESSAGES.fillAllFields }).max(200),
    newPassword: passwordSchema,
  })
  .strict()

/**
 * The current password, sent with a change of one's own login identifier (an organisation's
 * e-mail, an administrator's username or e-mail): required then, checked by the server like a
 * login (`loginIdentifierChanged`, AUTH_MESSAGES.currentPasswordRequired), ignored otherwise.
 */
export const identifierChangePasswordSchema = z.string().max(200).optional()

/**
 * The password change form of the settings screen, checked in the order of SPEC.md section 5:
 * every field filled, the two new ones equal, then the length. The server checks the current
 * password itself (DESIGN.md section 2).
 */
export const passwordChangeFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmation: z.string() })
  .superRefine((form, context) => {
    const blank = (['currentPassword', 'newPassword', 'confirmation'] as const).filter((key) => !form[key])
    if (blank.length > 0) {
      for (const key of blank)
        context.addIssue({ code: 'custom', path: [key], message: AUTH_MESSAGES.fillAllFields })
      return
    }
    if (form.newPassword !== form.confirmation) {
      context.addIssue({ code: 'custom', path: ['confirmation'], message: AUTH_MESSAGES.passwordsDoNotMatch })
      return
    }
    if (form.newPassword.length < PASSWORD_MIN_LENGTH) {
      context.addIssue({ code: 'custom', path: ['newPassword'], message: AUTH_MESSAGES.passwordTooShort })
    }
  })
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>
