// The SMS channel at work (issue 31), on any number of instances: the webhooks kept in sms_inbox
// answered in order, and the SMS of sms_outbox sent through the gateway, each once.
import { and, eq, type SQL, sql } from 'drizzle-orm'
import { statusesOfKind } from '../../domain/report-states'
import { type SmsChannelStatus, smsRetryDelay } from '../../domain/sms'
import { SMS_REPLIES } from '../../domain/sms-replies'
import { SMS_NUMBER_KEPT_DAYS, type SmsLanguage } from '../../domain/sms-rules'
import { createBackgroundRounds } from '../background-rounds'
import type { Clock } from '../clock'
import type { SmsConfig } from '../config'
import { type Db, queryRows } from '../db/database'
import { reports, smsDeviceLinks, smsInbox, smsNumbers, smsOutbox } from '../db/schema'
import { toIso } from '../db/values'
import { createLeasedOutbox, type OutboxRow } from '../outbox/leased-outbox'
import type { FileStorage } from '../storage/file-storage'
import { answerReceived, type ReceivedMessage } from './conversations'
import type { SmsGateway } from './gateway'
import type { NumberPrivacy } from './number-privacy'
import { forgetCodeRequests } from './sms-news-opt-in'
import { queueSms } from './sms-outbox'
import { cutToReply } from './sms-text'

/** SMS taken at once by one instance. */
const BATCH = 10
/** A taken SMS is another instance's to try after this long (this one stopped mid-way). */
const LEASE_MS = 120_000
/** Waiting webhooks and SMS are looked for this often, besides right after a webhook here. */
export const SMS_POLL_MS = 15_000
/** Handled webhooks and settled SMS are kept this long: past the gateway's two days of retries. */
const SMS_KEPT_MS = 3 * 24 * 60 * 60_000
/**
 * A received message whose answer failed this many times (a round each) is given up with an
 * apology: the number's later messages, which wait behind it, are then answered.
 */
export const SMS_ANSWER_ATTEMPTS = 5

interface DueSms extends OutboxRow {
  number_hash: string
  number_encrypted: string | null
  text: string
}

/** A kept webhook, as sms_inbox gives it back. */
type InboxRow = typeof smsInbox.$inferSelect

export interface SmsChannelDeps {
  db: Db
  clock: Clock
  storage: FileStorage
  gateway: SmsGateway
  privacy: NumberPrivacy
  config: SmsConfig
  publicOrigin: string
  /** Called after a report was filed by SMS (the bus: caches, live lists). */
  onFiled: (reportId: string) => Promise<void>
  log: { warn(details: object, message: string): void }
}

/** The state a delivery event gives an SMS, and the states it may follow (a late "sent" never undoes "delivered"). */
const DELIVERY: Record<string, { state: 'sent' | 'delivered' | 'failed'; after: string[] }> = {
  'sms:sent': { state: 'sent', after: ['waiting'] },
  'sms:delivered': { state: 'delivered', after: ['waiting', 'sent'] },
  'sms:failed': { state: 'failed', after: ['waiting', 'sent'] },
}

export function createSmsChannel(deps: SmsChannelDeps) {
  const { db, clock, gateway, privacy, log } = deps
  const outbox = createLeasedOutbox<DueSms>(db, smsOutbox, {
    batch: BATCH,
    leaseMs: LEASE_MS,
    retryDelay: smsRetryDelay,
  })

  /**
   * The oldest waiting webhook that no earlier one of the same number waits before (locked by
   * another instance or not): a number's messages are answered in the order they came.
   */
  const nextWaiting = (tx: Db, failedThisRound: string[]) =>
    queryRows<InboxRow>(
      tx,
      sql`select * from ${smsInbox} i
        where i.handled_at is null
          ${failedThisRound.length ? sql`and i.event_id not in ${failedThisRound}` : sql``}
          and not exists (
            select 1 from ${smsInbox} o
            where o.handled_at is null and o.number_hash = i.number_hash
              and (o.received_at, o.event_id) < (i.received_at, i.event_id))
        order by i.received_at, i.event_id
        limit 1
        for update skip locked`,
    )

  async function handle(tx: Db, row: InboxRow): Promise<string | undefined> {
    const delivery = DELIVERY[row.event]
    if (delivery && row.gateway_message_id) {
      const states = sql.join(
        delivery.after.map((state) => sql`${state}`),
        sql`, `,
      )
      await tx
        .update(smsOutbox)
        .set({
          state: delivery.state,
          ...(delivery.state === 'failed' ? { settled_at: clock.now().toISOString() } : {}),
        })
        .where(
          and(
            eq(smsOutbox.gateway_message_id, row.gateway_message_id),
            sql`${smsOutbox.state} in (${states})`,
          ) as SQL,
        )
      return undefined
    }
    if (row.event !== 'sms:received' || !row.number_hash || !row.number_encrypted || row.message === null)
      return
    const answered = await answerReceived(
      tx,
      { clock, storage: deps.storage, publicOrigin: deps.publicOrigin, smsNumber: deps.config.number },
      row as ReceivedMessage,
    )
    return answered.filedReportId
  }

  /** Handled: its copy of the number goes (its hash stays, to count the number's messages). */
  const markHandled = (tx: Db, row: InboxRow) =>
    tx
      .update(smsInbox)
      .set({ handled_at: clock.now().toISOString(), number_encrypted: null })
      .where(eq(smsInbox.event_id, row.event_id))

  /**
   * A message whose answer failed (its transaction undone): tried again at the next round, or,
   * past SMS_ANSWER_ATTEMPTS, given up with an apology in the number's language.
   */
  async function answerFailed(row: InboxRow, error: unknown) {
    log.warn({ err: error, attempts: row.attempts + 1 }, 'sms: a received message could not be answered')
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db
      if (row.attempts + 1 < SMS_ANSWER_ATTEMPTS) {
        await tx
          .update(smsInbox)
          .set({ attempts: row.attempts + 1 })
          .where(eq(smsInbox.event_id, row.event_id))
        return
      }
      await markHandled(tx, row)
      const [number] = await tx
        .select()
        .from(smsNumbers)
        .where(eq(smsNumbers.number_hash, row.number_hash ?? ''))
      if (!row.number_hash || !row.number_encrypted || number?.stopped_at) return
      const replies = SMS_REPLIES[(number?.language ?? 'fr') as SmsLanguage]
      const to = { number_hash: row.number_hash, number_encrypted: row.number_encrypted }
      await queueSms(tx, to, cutToReply(replies.answerFailed), clock.now())
    })
  }

  /**
   * Answers every waiting webhook, one transaction each; returns how many. One that fails waits
   * for the next round, and the other numbers' messages are answered meanwhile.
   */
  async function handleWaiting(): Promise<number> {
    let handled = 0
    const failedThisRound: string[] = []
    for (;;) {
      let current: InboxRow | undefined
      let filed: { reportId: string | undefined } | null
      try {
        filed = await db.transaction(async (tx) => {
          const [row] = await nextWaiting(tx as unknown as Db, failedThisRound)
          if (!row) return null
          current = row
          const reportId = await handle(tx as unknown as Db, row)
          await markHandled(tx as unknown as Db, row)
          return { reportId }
        })
      } catch (error) {
        if (!current) throw error
        failedThisRound.push(current.event_id)
        await answerFailed(current, error)
        continue
      }
      if (!filed) return handled
      handled += 1
      if (filed.reportId) await deps.onFiled(filed.reportId)
    }
  }

  async function settle(sms: DueSms, answer: Awaited<ReturnType<SmsGateway['send']>>, now: Date) {
    if (answer.kind === 'taken') {
      await db
        .update(smsOutbox)
        .set({
          state: 'sent',
          gateway_message_id: answer.gatewayMessageId,
          next_attempt_at: null,
          number_encrypted: null,
        })
        .where(eq(smsOutbox.id, Number(sms.id)))
      return
    }
    if (answer.kind === 'unavailable' && (await outbox.retryLater(sms, now))) return
    await db
      .update(smsOutbox)
      .set({ state: 'failed', next_attempt_at: null, number_encrypted: null, settled_at: now.toISOString() })
      .where(eq(smsOutbox.id, Number(sms.id)))
    log.warn({ attempts: sms.attempts, answer: answer.kind }, 'sms: not taken by the gateway, given up')
  }

  /**
   * The number an SMS goes to, or null when it has none or its copy cannot be read with this key
   * (a database restored without its sms-privacy-key): such an SMS is given up like a refused one,
   * said in the log without its text or its copy, and the rest of the batch goes on.
   */
  function recipientOf(sms: DueSms): string | null {
    if (!sms.number_encrypted) return null
    try {
      return privacy.decrypt(sms.number_encrypted)
    } catch {
      log.warn({ sms: Number(sms.id) }, 'sms: number unreadable with this key, SMS given up')
      return null
    }
  }

  /** Sends every due SMS, one after the other; returns how many were taken from the table. */
  function sendDue(): Promise<number> {
    return outbox.drain(
      () => clock.now(),
      async (batch) => {
        for (const sms of batch) {
          const to = recipientOf(sms)
          // Past its day (every instance stopped that long), news and replies are stale: not sent.
          const expired = new Date(sms.expires_at) <= clock.now()
          const answer =
            to && !expired
              ? await gateway.send({ id: `alertes-${sms.id}`, to, text: sms.text })
              : ({ kind: 'refused', status: 0 } as const)
          await settle(sms, answer, clock.now())
        }
      },
    )
  }

  /**
   * Forgets what is over: webhooks handled past the gateway's two days of retries, SMS the
   * gateway took or that were given up, once the operator's card no longer counts them, the
   * confirmation codes asked for past the day that counts them, and the numbers past their 90 days.
   */
  async function forgetOld(now: Date) {
    const before = new Date(now.getTime() - SMS_KEPT_MS).toISOString()
    await db.execute(sql`delete from ${smsInbox} where handled_at < ${before}`)
    await db.execute(sql`delete from ${smsOutbox} where next_attempt_at is null and created_at < ${before}`)
    await forgetCodeRequests(db, now)
    await forgetNumbers(now)
  }

  /**
   * Forgets the numbers that wrote nothing for SMS_NUMBER_KEPT_DAYS and whose reports were all
   * closed that long ago: their row (hash, encrypted copy, conversation) goes, and their reports
   * no longer carry the hash; so do the reports of the devices that asked for their news by SMS
   * (their link goes too). A number that writes again is a new one.
   */
  async function forgetNumbers(now: Date) {
    const before = new Date(now.getTime() - SMS_NUMBER_KEPT_DAYS * 24 * 60 * 60_000).toISOString()
    const open = sql.join(
      statusesOfKind('open').map((status) => sql`${status}`),
      sql`, `,
    )
    // A number that said STOP keeps its row (its hash alone, no copy): the refusal is remembered.
    await db.execute(sql`
      with expired as (
        select n.number_hash, n.stopped_at from ${smsNumbers} n
        where n.last_message_at < ${before}
          and not exists (
            select 1 from ${reports} r
            where (r.reporter_hash = n.number_hash
                or r.reporter_hash in (select l.device_hash from ${smsDeviceLinks} l where l.number_hash = n.number_hash))
              and (r.status in (${open}) or r.updated_at >= ${before}))),
      forgotten as (
        delete from ${smsNumbers}
        where number_hash in (select number_hash from expired where stopped_at is null)),
      unlinked as (
        delete from ${smsDeviceLinks} where number_hash in (select number_hash from expired))
      update ${reports} set reporter_hash = null
      where channel = 'sms' and reporter_hash in (select number_hash from expired)`)
    // A code asked for and never confirmed: its number goes with it.
    await db.execute(
      sql`delete from ${smsDeviceLinks} where confirmed_at is null and created_at < ${new Date(now.getTime() - SMS_KEPT_MS).toISOString()}`,
    )
  }

  /** The operator's card: the gateway's health, the last message received, what waits, what failed today. */
  async function status(now: Date): Promise<SmsChannelStatus> {
    const midnight = new Date(now)
    midnight.setUTCHours(0, 0, 0, 0)
    const [reachable, [row]] = await Promise.all([
      gateway.reachable(),
      queryRows<{ last_received_at: string | Date | null; waiting: number; failed_today: number }>(
        db,
        // The last message from the webhooks kept three days, else from the numbers (whose time a
        // web filer's confirmation also sets).
        sql`select
          coalesce(
            (select max(received_at) from ${smsInbox} where event = 'sms:received'),
            (select max(last_message_at) from ${smsNumbers})) as last_received_at,
          (select count(*)::int from ${smsOutbox} where next_attempt_at is not null) as waiting,
          (select count(*)::int from ${smsOutbox}
            where state = 'failed' and settled_at >= ${midnight.toISOString()}) as failed_today`,
      ),
    ])
    return {
      gateway_reachable: reachable,
      last_received_at: row?.last_received_at ? toIso(row.last_received_at) : null,
      waiting: Number(row?.waiting ?? 0),
      failed_today: Number(row?.failed_today ?? 0),
    }
  }

  const rounds = createBackgroundRounds({
    pollMs: SMS_POLL_MS,
    round: async () => {
      await handleWaiting()
      await sendDue()
      await forgetOld(clock.now())
    },
    onError: (error) => log.warn({ err: error }, 'sms: round failed, trying again soon'),
  })

  return { handleWaiting, sendDue, forgetOld, status, ...rounds }
}

export type SmsChannel = ReturnType<typeof createSmsChannel>
