import { eq, lte, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { emailRetryDelay } from '../../domain/team-rules'
import { createBackgroundRounds } from '../background-rounds'
import type { Clock } from '../clock'
import { type Db, queryRows } from '../db/database'
import { emailOutbox } from '../db/schema'

/** E-mails taken at once by one instance. */
const BATCH = 10
/** A taken e-mail is another instance's to retry after this long (this one stopped mid-way). */
const LEASE_MS = 120_000
/** Due e-mails are looked for this often, besides right after an invitation on this instance. */
export const EMAIL_POLL_MS = 30_000

interface DueEmail {
  id: string
  recipient: string
  subject: string
  body: string
  attempts: number
  expires_at: string | Date
}

export interface EmailSenderDeps {
  db: Db
  clock: Clock
  smtp: { url: string; from: string }
  log: { warn(details: object, message: string): void }
}

/** An SMTP answer that will never change for this message (RFC 5321: 5yz is a permanent failure). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/**
 * Sends the e-mails waiting in email_outbox through the SMTP server of SMTP_URL, on any number of
 * instances: each takes a batch of due rows (SKIP LOCKED: never the same as another) and leases
 * them; a sent e-mail is deleted, a failed one tried again with a growing delay for a day.
 */
export function createEmailSender(deps: EmailSenderDeps) {
  const { db, clock, smtp, log } = deps
  // Nodemailer reads the URL (user, password, port, smtps:// for TLS from the start) and upgrades
  // smtp:// with STARTTLS when the server offers it.
  const transport = nodemailer.createTransport(smtp.url)

  async function take(now: Date): Promise<DueEmail[]> {
    const lease = new Date(now.getTime() + LEASE_MS).toISOString()
    return queryRows<DueEmail>(
      db,
      sql`update ${emailOutbox} e
        set next_attempt_at = ${lease}, attempts = e.attempts + 1
        where e.id in (
          select id from ${emailOutbox}
          where next_attempt_at <= ${now.toISOString()}
          order by next_attempt_at
          limit ${BATCH}
          for update skip locked)
        returning e.id, e.recipient, e.subject, e.body, e.attempts, e.expires_at`,
    )
  }

  async function settle(email: DueEmail, error: unknown | null, now: Date) {
    const id = Number(email.id)
    if (error === null) {
      await db.delete(emailOutbox).where(eq(emailOutbox.id, id))
      return
    }
    const next = new Date(now.getTime() + emailRetryDelay(email.attempts))
    if (isPermanent(error) || next >= new Date(email.expires_at)) {
      await db.delete(emailOutbox).where(eq(emailOutbox.id, id))
      log.warn({ attempts: email.attempts, err: error }, 'email: not taken by the SMTP server, dropped')
      return
    }
    await db.update(emailOutbox).set({ next_attempt_at: next.toISOString() }).where(eq(emailOutbox.id, id))
  }

  /** Sends every due e-mail; returns how many were taken. */
  async function sendDue(): Promise<number> {
    let taken = 0
    for (;;) {
      const batch = await take(clock.now())
      if (batch.length === 0) return taken
      taken += batch.length
      for (const email of batch) {
        const error = await transport
          .sendMail({ from: smtp.from, to: email.recipient, subject: email.subject, text: email.body })
          .then(
            () => null,
            (failure: unknown) => failure,
          )
        await settle(email, error, clock.now())
      }
    }
  }

  const rounds = createBackgroundRounds({
    pollMs: EMAIL_POLL_MS,
    round: async () => {
      await db.delete(emailOutbox).where(lte(emailOutbox.expires_at, clock.now().toISOString()))
      await sendDue()
    },
    onError: (error) => log.warn({ err: error }, 'email: sending round failed, trying again soon'),
  })

  return {
    sendDue,
    ...rounds,
    async stop() {
      await rounds.stop()
      transport.close()
    },
  }
}

export type EmailSender = ReturnType<typeof createEmailSender>
