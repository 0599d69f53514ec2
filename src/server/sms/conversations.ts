// One message received by SMS (issue 31), answered in the transaction that marks it handled: the
// number's row locked (its messages are answered one at a time, in order, whatever the instance),
// its limits, its keywords, then its conversation, which may file a report.

import { and, count, eq, gt, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { reportPagePath } from '../../domain/citizen-rules'
import { COMMUNES } from '../../domain/communes'
import { phoneNumberForDisplay } from '../../domain/phone-numbers'
import { type ReportEventKind, reportEventLabel } from '../../domain/report-history'
import { isPublicStatus, type ReportStatus } from '../../domain/report-states'
import { SMS_REPLIES } from '../../domain/sms-replies'
import {
  keywordOf,
  SMS_CONVERSATION_IDLE_MS,
  SMS_MESSAGE_WINDOW_MS,
  SMS_MESSAGES_PER_HOUR,
  SMS_REPORT_WINDOW_MS,
  SMS_REPORTS_PER_DAY,
  type SmsLanguage,
} from '../../domain/sms-rules'
import { listCategories } from '../categories/repository'
import { trackReport } from '../citizens/repository'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { reports, smsInbox, smsNumbers, smsOutbox } from '../db/schema'
import { createReport } from '../reports/create-report'
import type { FileStorage } from '../storage/file-storage'
import { answerMessage, pendingQuestion, type SmsConversation } from './conversation-steps'
import { queueSms, type SmsRecipient } from './sms-outbox'
import { cutToReply } from './sms-text'

export interface ConversationDeps {
  clock: Clock
  storage: FileStorage
  /** The site's public address, for the links SMS give. */
  publicOrigin: string
  /** The number citizens text, as AIDE gives it. */
  smsNumber: string
}

/** A received message as sms_inbox keeps it. */
export interface ReceivedMessage {
  event_id: string
  number_hash: string
  number_encrypted: string
  message: string
  received_at: string
}

type NumberRow = typeof smsNumbers.$inferSelect

/** The date as an SMS gives it: 02/12/2026, in Dakar's time (UTC all year). */
function smsDate(iso: string): string {
  return new Date(iso).toLocaleDateString('fr-FR', { timeZone: 'Africa/Dakar' })
}

/** The number's row, made at its first message, its last message's time kept, and locked for this transaction. */
async function lockedNumber(tx: Db, message: ReceivedMessage, now: Date): Promise<NumberRow> {
  await tx
    .insert(smsNumbers)
    .values({
      number_hash: message.number_hash,
      number_encrypted: message.number_encrypted,
      last_message_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .onConflictDoUpdate({ target: smsNumbers.number_hash, set: { last_message_at: now.toISOString() } })
  const [row] = await tx
    .select()
    .from(smsNumbers)
    .where(eq(smsNumbers.number_hash, message.number_hash))
    .for('update')
  if (!row) throw new Error('sms number row missing after insert')
  return row
}

/** How many rows of `table` are the number's (`ofNumber`) since `since`, by their time column. */
async function countSince(
  tx: Db,
  table: typeof smsInbox | typeof reports,
  ofNumber: SQL,
  at: AnyPgColumn,
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(table)
    .where(and(ofNumber, gt(at, since.toISOString())))
  return row?.n ?? 0
}

/**
 * A number that says STOP gets nothing more, not even what was already waiting for the gateway
 * (its replies, its reports' news): those SMS are given up, their copy of the number dropped.
 */
async function dropWaitingSms(tx: Db, numberHash: string, now: Date): Promise<void> {
  await tx
    .update(smsOutbox)
    .set({ state: 'cancelled', next_attempt_at: null, number_encrypted: null, settled_at: now.toISOString() })
    .where(and(eq(smsOutbox.number_hash, numberHash), eq(smsOutbox.state, 'waiting')))
}

/** The categories in the order of GET /api/categories, named in the conversation's language. */
async function categoriesIn(tx: Db, language: SmsLanguage) {
  return (await listCategories(tx)).map((category) => ({
    id: category.id,
    nom: category.nom,
    name: (language === 'fr' ? category.nom : category.translations[language]) || category.nom,
  }))
}

/**
 * Answers one received message; returns the id of the report it filed, if it did. Nothing is
 * sent from here: the replies are written to sms_outbox with the rest.
 */
export async function answerReceived(
  tx: Db,
  deps: ConversationDeps,
  message: ReceivedMessage,
): Promise<{ filedReportId?: string }> {
  const now = deps.clock.now()
  const number = await lockedNumber(tx, message, now)
  const keyword = keywordOf(message.message)
  // While stopped, only REPRENDRE is heard: nothing else is ever answered.
  if (number.stopped_at && keyword?.kind !== 'resume') return {}
  const to: SmsRecipient = { number_hash: number.number_hash, number_encrypted: message.number_encrypted }
  const language = number.language as SmsLanguage
  const replies = SMS_REPLIES[language]
  const reply = (text: string, tail = '') => queueSms(tx, to, cutToReply(text, tail), now)

  const keep = (next: SmsConversation | null, changes: Partial<NumberRow> = {}) =>
    tx
      .update(smsNumbers)
      .set({ conversation: next, conversation_at: next ? now.toISOString() : null, ...changes })
      .where(eq(smsNumbers.number_hash, number.number_hash))
  const idle =
    !number.conversation_at || now.getTime() - Date.parse(number.conversation_at) > SMS_CONVERSATION_IDLE_MS
  const conversation = idle ? null : (number.conversation as SmsConversation | null)

  const inLastHour = await countSince(
    tx,
    smsInbox,
    eq(smsInbox.number_hash, number.number_hash),
    smsInbox.received_at,
    new Date(now.getTime() - SMS_MESSAGE_WINDOW_MS),
  )
  const overLimit = inLastHour > SMS_MESSAGES_PER_HOUR

  // A refusal, and its end, are heard whatever the limits: a number over them can still say STOP.
  // Their replies are not: past the limit, each would be one more SMS the platform pays for.
  if (keyword?.kind === 'stop') {
    await dropWaitingSms(tx, number.number_hash, now)
    if (!overLimit) await reply(replies.stopped)
    // Only the hash stays, to remember the refusal.
    await keep(null, { number_encrypted: null, stopped_at: now.toISOString() })
    return {}
  }
  if (keyword?.kind === 'resume') {
    await keep(conversation, { number_encrypted: message.number_encrypted, stopped_at: null })
    if (!overLimit) await reply(replies.resumed)
    return {}
  }

  if (overLimit) {
    // Said once, then silence until the hour has passed.
    if (inLastHour === SMS_MESSAGES_PER_HOUR + 1) await reply(replies.tooManyMessages)
    return {}
  }

  switch (keyword?.kind) {
    case 'help':
      await reply(replies.help(phoneNumberForDisplay(deps.smsNumber)))
      return {}
    case 'cancel':
      await keep(null)
      await reply(replies.cancelled)
      return {}
    case 'language': {
      const chosen = SMS_REPLIES[keyword.language]
      await keep(conversation, { language: keyword.language })
      const question = pendingQuestion(
        conversation,
        await categoriesIn(tx, keyword.language),
        keyword.language,
      )
      await reply(question ? `${chosen.languageChosen} ${question}` : chosen.languageChosen)
      return {}
    }
    case 'track': {
      const tracked = await trackReport(tx, keyword.code)
      if (!tracked) {
        await reply(replies.unknownCode(keyword.code))
        return {}
      }
      const category = (await categoriesIn(tx, language)).find((named) => named.nom === tracked.type)
      const last = tracked.history.at(-1)
      const lastEvent = last
        ? (replies.events[last.kind as ReportEventKind] ?? reportEventLabel(last.kind))
        : replies.events.created
      await reply(
        replies.tracked(
          tracked.anonymous_code,
          category?.name ?? tracked.type,
          replies.statuses[tracked.status as ReportStatus] ?? tracked.status,
          lastEvent,
          smsDate(last?.created_at ?? tracked.created_at),
        ),
        // A rejected report has no public page.
        isPublicStatus(tracked.status) ? `${deps.publicOrigin}${reportPagePath(tracked.id)}` : '',
      )
      return {}
    }
  }

  const turn = answerMessage(conversation, message.message, await categoriesIn(tx, language), language)
  if (!turn.file) {
    await keep(turn.conversation)
    await reply(turn.reply)
    return {}
  }
  const today = await countSince(
    tx,
    reports,
    eq(reports.reporter_hash, number.number_hash),
    reports.created_at,
    new Date(now.getTime() - SMS_REPORT_WINDOW_MS),
  )
  await keep(null)
  if (today >= SMS_REPORTS_PER_DAY) {
    await reply(replies.tooManyReports(SMS_REPORTS_PER_DAY))
    return {}
  }
  const commune = COMMUNES[turn.file.areaId - 1]
  if (!commune) throw new Error(`no commune of area ${turn.file.areaId}`)
  const filed = await createReport(
    { db: tx, storage: deps.storage, clock: deps.clock },
    {
      fields: {
        categoryId: turn.file.categoryId,
        description: turn.file.description,
        latitude: commune.latitude,
        longitude: commune.longitude,
        address: '',
        department: 'Dakar',
      },
      photo: undefined,
      audio: undefined,
      citizenToken: undefined,
      idempotencyKey: undefined,
      sms: { numberHash: number.number_hash, areaId: turn.file.areaId },
    },
  )
  await reply(replies.filed(filed.anonymous_code), `${deps.publicOrigin}${reportPagePath(filed.id)}`)
  return { filedReportId: filed.id }
}
