// Web Push to the anonymous device that filed a report (issue 18): which changes it is told of,
// what its phone shows, in its language, and how long a delivery is tried; and to the member of an
// organisation a report is handed to (issue 29), in French. No zod here (push.ts).
import type { Language } from './constants'
import {
  CLAIMED_STATUS,
  FILED_STATUS,
  REJECTED_STATUS,
  RESOLVED_STATUS,
  type ReportStatus,
} from './report-states'
import type { HistoryLine } from './report-transitions'
import { TOURNEE_PATH } from './team-rules'

/** The page a tap on a notification opens: "Mes signalements", at the report. */
export const MY_REPORTS_PATH = '/mes-signalements'
/** The id of a report's card on "Mes signalements", which the address's fragment points to. */
export const reportCardId = (reportId: string) => `signalement-${reportId}`

/** A delivery is tried again, each time twice as late, for this long after the change. */
export const PUSH_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000
export const PUSH_FIRST_RETRY_MS = 30_000
export const PUSH_MAX_RETRY_MS = 60 * 60 * 1000
/** How long a push service keeps a notification for a phone that is off (its TTL header). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60
/**
 * A device's or a member's subscriptions beyond these (their browsers, their reinstalls) are
 * dropped, oldest first.
 */
export const PUSH_SUBSCRIPTIONS_PER_OWNER = 5
/** A notification's text, cut so that the encrypted payload stays well under 4 KB. */
export const PUSH_BODY_MAX_LENGTH = 240

/** The domain's messages about notifications (messages.ts). */
export const PUSH_MESSAGES = {
  unknownService: 'Ce service de notifications n’est pas reconnu : seuls ceux des navigateurs sont acceptés.',
  invalidSubscription: 'Abonnement aux notifications invalide.',
  invalidKey:
    'La clé de cet abonnement aux notifications n’est pas valide : désactivez puis réactivez les notifications.',
  tooMany: 'Trop de demandes de notifications depuis cette adresse. Réessayez dans une heure.',
  endpointOfAnotherDevice: 'Cet abonnement aux notifications appartient à un autre appareil.',
} as const

/** Subscriptions changed from one address (a phone subscribes once; a script, thousands). */
export const PUSH_CHANGES_PER_ADDRESS = 30
export const PUSH_CHANGES_WINDOW_MS = 60 * 60 * 1000

/** When the delivery that has failed `attempts` times is tried again (ms after the failure). */
export function pushRetryDelay(attempts: number): number {
  return Math.min(PUSH_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), PUSH_MAX_RETRY_MS)
}

/** What the filing device is told of one change. */
export type PushNews =
  | { kind: 'message'; title: string; message: string }
  | { kind: 'status'; status: ReportStatus; reason: string | null }

/**
 * The news in a change's history lines, for the device that filed the report: a message, or the
 * last status it reaches (claimed, resolved, rejected with its reason, put back to waiting). What
 * the device did itself ("Non, ce n'est pas réglé") and a priority are not news to it.
 */
export function pushNewsOf(lines: readonly HistoryLine[], message?: { title: string; message: string }) {
  const news: PushNews[] = []
  if (message && lines.some((line) => line.kind === 'message_sent'))
    news.push({ kind: 'message', ...message })
  const statusLines = lines.filter(
    (line) =>
      line.actor_type !== 'citizen' &&
      (line.kind === 'claimed' || line.kind === 'status_changed') &&
      line.to_status !== null &&
      line.to_status !== line.from_status,
  )
  const last = statusLines.at(-1)
  if (last?.to_status && TOLD_STATUSES.includes(last.to_status)) {
    const reason = last.data?.reason
    news.push({
      kind: 'status',
      status: last.to_status as ReportStatus,
      reason: typeof reason === 'string' ? reason : null,
    })
  }
  return news
}

const TOLD_STATUSES: readonly string[] = [CLAIMED_STATUS, RESOLVED_STATUS, REJECTED_STATUS, FILED_STATUS]

/** What a phone shows, and the page a tap opens. */
export interface PushPayload {
  title: string
  body: string
  /** One notification per report on the phone: a newer one replaces the older. */
  tag: string
  url: string
}

interface PushTexts {
  title: string
  message: string
  status: Record<string, string>
  rejectedBecause: string
}

/**
 * The notifications' texts, in the device's language. `{{category}}` is the report's category in
 * that language, `{{title}}` a message's title, `{{reason}}` a rejection's reason.
 */
export const PUSH_TEXTS: Record<Language, PushTexts> = {
  fr: {
    title: 'Alertes urbaines',
    message: 'Message au sujet de « {{category}} » : {{title}}',
    status: {
      [CLAIMED_STATUS]: 'Votre signalement « {{category}} » est pris en charge.',
      [RESOLVED_STATUS]: 'Votre signalement « {{category}} » est résolu. Est-ce réglé ?',
      [REJECTED_STATUS]: 'Votre signalement « {{category}} » a été rejeté.',
      [FILED_STATUS]: 'Votre signalement « {{category}} » est de nouveau en attente.',
    },
    rejectedBecause: 'Motif : {{reason}}',
  },
  en: {
    title: 'Alertes urbaines',
    message: 'Message about “{{category}}”: {{title}}',
    status: {
      [CLAIMED_STATUS]: 'Your report “{{category}}” is being handled.',
      [RESOLVED_STATUS]: 'Your report “{{category}}” is resolved. Is it fixed?',
      [REJECTED_STATUS]: 'Your report “{{category}}” was rejected.',
      [FILED_STATUS]: 'Your report “{{category}}” is waiting again.',
    },
    rejectedBecause: 'Reason: {{reason}}',
  },
  wo: {
    title: 'Alertes urbaines',
    message: 'Bataaxal ci « {{category}} » : {{title}}',
    status: {
      [CLAIMED_STATUS]: 'Sa yégle « {{category}} » : ñu ngi ciy liggéey.',
      [RESOLVED_STATUS]: 'Sa yégle « {{category}} » : defar nañu ko. Ndax defar nañu ko ?',
      [REJECTED_STATUS]: 'Sa yégle « {{category}} » : bañ nañu ko.',
      [FILED_STATUS]: 'Sa yégle « {{category}} » : mu ngi xaar ba tey.',
    },
    rejectedBecause: 'Li ko waral : {{reason}}',
  },
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole)
}

function cut(text: string): string {
  return text.length <= PUSH_BODY_MAX_LENGTH ? text : `${text.slice(0, PUSH_BODY_MAX_LENGTH - 1)}…`
}

/** The notification a device reading `language` gets for `news` about its report. */
export function pushPayloadOf(
  news: PushNews,
  report: { id: string; category: string },
  language: Language,
): PushPayload {
  const texts = PUSH_TEXTS[language]
  const values = { category: report.category }
  let body: string
  if (news.kind === 'message') {
    body = `${fill(texts.message, { ...values, title: news.title })}\n${news.message}`
  } else {
    body = fill(texts.status[news.status] ?? '', values)
    if (news.reason) body += `\n${fill(texts.rejectedBecause, { reason: news.reason })}`
  }
  return {
    title: texts.title,
    body: cut(body),
    tag: `report-${report.id}`,
    url: `${MY_REPORTS_PATH}#${reportCardId(report.id)}`,
  }
}

/** What a member's phone shows when a report is handed to them (the organisation space reads French). */
export const HANDED_OVER_PUSH_TITLE = 'Nouveau signalement confié'

/**
 * The notification of a report handed to a member: its category and where it is; a tap opens
 * "Ma tournée". Its tag is the report's, so that a report handed twice shows once.
 */
export function handedOverPayload(report: {
  id: string
  category: string
  address: string | null
}): PushPayload {
  const place = report.address?.trim()
  return {
    title: HANDED_OVER_PUSH_TITLE,
    body: cut(place ? `${report.category}\n${place}` : report.category),
    tag: `handed-over-${report.id}`,
    url: TOURNEE_PATH,
  }
}
