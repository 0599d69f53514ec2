/** Signing in, sessions and passwords, without zod (the rules half of auth.ts). */
import { PASSWORD_MIN_LENGTH } from './constants'

export const USER_TYPES = ['admin', 'organization'] as const
export type UserType = (typeof USER_TYPES)[number]

// In constants.ts, with the other headers: every page's API client sends it (a module of its own
// would bring this one's messages into every page's first download).
export { WEB_SESSION_HEADER } from './constants'
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
 * Distributed guessing of one account (issue 27): its password is checked in turn, one attempt
 * after the other, for every device it has not signed in on before. The first
 * LOGIN_ATTEMPTS_BEFORE_TURNS attempts within the window go at once; then each turn is followed
 * by a pause before the next, from LOGIN_TURN_FIRST_MS, doubling, up to LOGIN_TURN_MAX_MS. A
 * hundred attempts at once from a hundred addresses are so checked over more than seven minutes.
 * An attempt whose turn is further than LOGIN_TURN_MAX_WAIT_MS away is not held: it is refused at
 * once (429, `auth.accountBusy`) and may come back.
 */
export const LOGIN_ATTEMPTS_BEFORE_TURNS = 5
export const LOGIN_TURN_FIRST_MS = 250
export const LOGIN_TURN_MAX_MS = 5000
export const LOGIN_TURN_MAX_WAIT_MS = 10_000

/** The pause after the turn of an account's `attempt`-th attempt within the window (1 for the first). */
export function loginTurnPauseMs(attempt: number): number {
  const beyond = attempt - LOGIN_ATTEMPTS_BEFORE_TURNS
  if (beyond <= 0) return 0
  return Math.min(LOGIN_TURN_FIRST_MS * 2 ** (beyond - 1), LOGIN_TURN_MAX_MS)
}

/**
 * A device that signed in to an account is known to it for this long (a signed, HttpOnly cookie
 * naming the account): its owner's attempts never wait for the account's turn.
 */
export const KNOWN_DEVICE_TTL_S = 180 * 24 * 60 * 60
/** The prefix of the known-device cookies, one per account (a hash of the account follows). */
export const KNOWN_DEVICE_COOKIE_PREFIX = 'alertes_appareil_'

/**
 * Whether a profile change touches the login (an e-mail, an administrator's username): such a
 * change asks for the current password. Logins ignore case, so a change of case alone does not.
 */
export function loginIdentifierChanged(
  current: string | null | undefined,
  next: string | undefined,
): boolean {
  if (next === undefined) return false
  return next.trim().toLowerCase() !== (current ?? '').trim().toLowerCase()
}

export const AUTH_MESSAGES = {
  adminWrongCredentials: 'Nom d’utilisateur ou mot de passe incorrect',
  organizationWrongCredentials: 'Email ou mot de passe incorrect, ou compte non approuvé',
  usernameRequired: 'Nom d’utilisateur requis',
  passwordRequired: 'Mot de passe requis',
  emailRequired: 'Email requis',
  tooManyAttempts: 'Trop de tentatives de connexion. Réessayez dans 15 minutes.',
  accountBusy:
    'Ce compte reçoit de nombreuses tentatives de connexion. Patientez une minute, puis réessayez.',
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect.',
  currentPasswordRequired: 'Saisissez votre mot de passe actuel pour changer votre identifiant de connexion.',
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
