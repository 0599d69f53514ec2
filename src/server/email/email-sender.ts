import nodemailer from 'nodemailer'
import { emailRetryDelay } from '../../domain/team-rules'
import { createBackgroundRounds } from '../background-rounds'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { emailOutbox } from '../db/schema'
import { createLeasedOutbox, type OutboxRow } from '../outbox/leased-outbox'

/** E-mails taken at once by one instance. */
const BATCH = 10
/** A taken e-mail is another instance's to retry after this long (this one stopped mid-way). */
const LEASE_MS = 120_000
/** Due e-mails are looked for this often, besides right after an invitation on this instance. */
export const EMAIL_POLL_MS = 30_000

interface DueEmail extends OutboxRow {
  recipient: string
  subject: string
  body: string
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

  const outbox = createLeasedOutbox<DueEmail>(db, emailOutbox, {
    batch: BATCH,
    leaseMs: LEASE_MS,
    retryDelay: emailRetryDelay,
  })

  async function settle(email: DueEmail, error: unknown | null, now: Date) {
    if (error === null) return outbox.forget(email)
    // A permanent refusal is never tried again; a passing failure, for a day.
    if (!isPermanent(error) && (await outbox.retryLater(email, now))) return
    await outbox.forget(email)
    log.warn({ attempts: email.attempts, err: error }, 'email: not taken by the SMTP server, dropped')
  }

  /** Sends every due e-mail, one after the other; returns how many were taken. */
  function sendDue(): Promise<number> {
    return outbox.drain(
      () => clock.now(),
      async (batch) => {
        for (const email of batch) {
          const error = await transport
            .sendMail({ from: smtp.from, to: email.recipient, subject: email.subject, text: email.body })
            .then(
              () => null,
              (failure: unknown) => failure,
            )
          await settle(email, error, clock.now())
        }
      },
    )
  }

  const rounds = createBackgroundRounds({
    pollMs: EMAIL_POLL_MS,
    round: async () => {
      await outbox.dropExpired(clock.now())
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
