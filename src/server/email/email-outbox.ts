import { EMAIL_RETRY_WINDOW_MS } from '../../domain/team-rules'
import type { Db } from '../db/database'
import { emailOutbox } from '../db/schema'

export interface EmailMessage {
  to: string
  subject: string
  text: string
}

/**
 * Writes an e-mail to send, in the transaction of what it tells: committed with it or not at
 * all, and waiting in the table until the SMTP server has taken it (email-sender.ts).
 */
export async function queueEmail(tx: Db, message: EmailMessage, at: Date): Promise<void> {
  await tx.insert(emailOutbox).values({
    recipient: message.to,
    subject: message.subject,
    body: message.text,
    next_attempt_at: at.toISOString(),
    expires_at: new Date(at.getTime() + EMAIL_RETRY_WINDOW_MS).toISOString(),
    created_at: at.toISOString(),
  })
}
