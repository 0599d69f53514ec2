/**
 * What a citizen may do to a report: "Moi aussi" to another's, and "Est-ce réglé ?" answered about
 * their own (confirm it, or reopen it once within 30 days), with the refusals in French.
 */

/** "Moi aussi": the open reports of the same category within this distance are offered. */
export const NEARBY_RADIUS_M = 100
/** At most this many nearby reports are offered, the closest first. */
export const NEARBY_MAX_REPORTS = 5

export const SUPPORT_MESSAGES = {
  notFound: 'Ce signalement n’existe pas ou plus.',
  closed: 'Ce signalement est déjà réglé ou rejeté : il ne peut plus être soutenu.',
  ownReport: 'Vous avez vous-même envoyé ce signalement.',
  alreadySupported: 'Vous soutenez déjà ce signalement.',
  tooMany: 'Vous avez soutenu beaucoup de signalements en peu de temps. Réessayez dans une heure.',
} as const

/** "Non, ce n'est pas réglé" reopens a resolved report within this many days of its resolution. */
export const REOPEN_WINDOW_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

export const RESOLUTION_MESSAGES = {
  notYours: 'Seul l’appareil qui a envoyé ce signalement peut dire s’il est réglé.',
  notResolved: 'Ce signalement n’est pas marqué « Résolu » : il n’y a rien à confirmer.',
  alreadyConfirmed: 'Vous avez déjà confirmé que ce problème est réglé.',
  alreadyReopened: 'Ce signalement a déjà été rouvert une fois : il ne peut plus l’être.',
  tooLate: `Le délai de ${REOPEN_WINDOW_DAYS} jours pour rouvrir ce signalement est dépassé.`,
} as const
export type ResolutionRefusal = keyof typeof RESOLUTION_MESSAGES

/** What a report's answer to "Est-ce réglé ?" depends on. */
export interface ResolutionState {
  status: string
  filedByThisDevice: boolean
  /** When it was last marked resolved (ISO), null when it is not. */
  resolvedAt: string | null
  history: readonly { kind: string; created_at: string }[]
  now: Date
}

function answeredSinceResolution({ resolvedAt, history }: ResolutionState): boolean {
  if (!resolvedAt) return false
  const since = new Date(resolvedAt).getTime()
  return history.some((event) => event.kind === 'confirmed' && new Date(event.created_at).getTime() >= since)
}

function reopenedBefore({ history }: ResolutionState): boolean {
  return history.some((event) => event.kind === 'reopened')
}

function withinReopenWindow({ resolvedAt, now }: ResolutionState): boolean {
  return resolvedAt !== null && now.getTime() - new Date(resolvedAt).getTime() <= REOPEN_WINDOW_DAYS * DAY_MS
}

/** Why this device may not answer "Oui, c'est réglé", or null when it may. */
export function confirmRefusal(state: ResolutionState): ResolutionRefusal | null {
  if (!state.filedByThisDevice) return 'notYours'
  if (state.status !== 'resolu' || !state.resolvedAt) return 'notResolved'
  if (answeredSinceResolution(state)) return 'alreadyConfirmed'
  return null
}

/** Why this device may not answer "Non" (reopen the report), or null when it may. */
export function reopenRefusal(state: ResolutionState): ResolutionRefusal | null {
  const refusal = confirmRefusal(state)
  if (refusal) return refusal
  if (reopenedBefore(state)) return 'alreadyReopened'
  if (!withinReopenWindow(state)) return 'tooLate'
  return null
}

/**
 * Whether "Est-ce réglé ?" is asked about a report: one this device filed, resolved in the last
 * 30 days and not yet confirmed. `can_reopen` is false once it has been reopened.
 */
export function resolutionQuestion(state: ResolutionState): { can_reopen: boolean } | null {
  if (confirmRefusal(state) !== null || !withinReopenWindow(state)) return null
  return { can_reopen: reopenRefusal(state) === null }
}

/** "Moi aussi" from one network address within an hour (a new device costs nothing to make). */
export const SUPPORTS_PER_ADDRESS = 30
export const SUPPORTS_RATE_WINDOW_MS = 60 * 60 * 1000
