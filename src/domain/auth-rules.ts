/** Signing in, sessions and passwords, without zod (the rules half of auth.ts). */
import { PASSWORD_MIN_LENGTH } from './constants'

export const USER_TYPES = ['admin', 'organization'] as const
export type UserType = (typeof USER_TYPES)[number]

/**
 * The browser app's login, renewal and logout carry this header: its session's refresh token then
 * lives in an HttpOnly cookie (SESSION_COOKIE), out of the page's reach, and the page requests
 * carry it so that the server draws the signed-in pages. A page of another site cannot send this
 * header (it is not a simple request), so the cookie is read only for the browser app.
 */
export const WEB_SESSION_HEADER = 'x-alertes-web'
export const SESSION_COOKIE = 'alertes_session'

/** Access tokens live 15 minutes; the browser refreshes them 2 minutes before expiry. */
export const ACCESS_TOKEN_TTL_S = 15 * 60
/** A refresh token is rotated on every use; a session ends after 30 days whatever happens. */
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60

/**
 * Failed logins before 429, over the window: per account from one address, and per address
 * whatever the account. Failures from other addresses never refuse the owner of an account.
 */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5
export const LOGIN_FAILURES_PER_ADDRESS = 20
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
/**
 * Beyond this many failures on one account (from anywhere) within the window, each failed
 * answer waits longer: from LOGIN_DELAY_FIRST_MS, doubling, up to LOGIN_DELAY_MAX_MS.
 */
export const LOGIN_FAILURES_BEFORE_DELAY = 5
export const LOGIN_DELAY_FIRST_MS = 250
export const LOGIN_DELAY_MAX_MS = 5000

/** How long a failed answer waits after this many failures on the account (this one included). */
export function loginFailureDelayMs(accountFailures: number): number {
  const beyond = accountFailures - LOGIN_FAILURES_BEFORE_DELAY
  if (beyond <= 0) return 0
  return Math.min(LOGIN_DELAY_FIRST_MS * 2 ** (beyond - 1), LOGIN_DELAY_MAX_MS)
}

export const AUTH_MESSAGES = {
  adminWrongCredentials: 'Nom d’utilisateur ou mot de passe incorrect',
  organizationWrongCredentials: 'Email ou mot de passe incorrect, ou compte non approuvé',
  usernameRequired: 'Nom d’utilisateur requis',
  passwordRequired: 'Mot de passe requis',
  emailRequired: 'Email requis',
  tooManyAttempts: 'Trop de tentatives de connexion. Réessayez dans 15 minutes.',
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect.',
  passwordTooShort: `Le mot de passe doit faire au moins ${PASSWORD_MIN_LENGTH} caractères`,
  fillAllFields: 'Veuillez remplir tous les champs',
  passwordsDoNotMatch: 'Les mots de passe ne correspondent pas',
  passwordsMatch: 'Les mots de passe correspondent',
} as const

/** The live checklist of the sign-up wizard's last step. */
export function passwordChecklist(password: string) {
  return {
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    hasLetter: /\p{L}/u.test(password),
    hasDigit: /\d/.test(password),
  }
}
