import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../db/database'
import type { emailOutbox, pushDeliveries, smsOutbox } from '../db/schema'

/** A table of things to send, written in the transaction of what they tell (push, e-mail, SMS). */
type OutboxTable = typeof pushDeliveries | typeof emailOutbox | typeof smsOutbox

/** What every outbox row has, as the database gives it back (a bigserial id reads as a string). */
export interface OutboxRow {
  id: string
  attempts: number
  expires_at: string | Date
}

export interface LeasedOutboxOptions {
  /** Rows taken at once by one instance. */
  batch: number
  /** A taken row is another instance's to try after this long (this one stopped mid-way). */
  leaseMs: number
  /** The pause before the next try of a row tried `attempts` times. */
  retryDelay(attempts: number): number
}

/**
 * The sending side of an outbox, on any number of instances: each takes a batch of due rows
 * (SKIP LOCKED: never the same as another) and leases them; a row sent, or never to be sent, is
 * deleted; a failed one is tried again with a growing delay until its time is up.
 */
export function createLeasedOutbox<Row extends OutboxRow>(
  db: Db,
  table: OutboxTable,
  options: LeasedOutboxOptions,
) {
  const { batch, leaseMs, retryDelay } = options

  /** Takes due rows, counting the attempt, until none is left; `send` settles each batch. */
  async function drain(now: () => Date, send: (rows: Row[]) => Promise<void>): Promise<number> {
    let taken = 0
    for (;;) {
      const at = now()
      const lease = new Date(at.getTime() + leaseMs).toISOString()
      const rows = await queryRows<Row>(
        db,
        sql`update ${table} t
          set next_attempt_at = ${lease}, attempts = t.attempts + 1
          where t.id in (
            select id from ${table}
            where next_attempt_at <= ${at.toISOString()}
            order by next_attempt_at
            limit ${batch}
            for update skip locked)
          returning t.*`,
      )
      if (rows.length === 0) return taken
      taken += rows.length
      await send(rows)
    }
  }

  /** Sent, or never to be: the row goes. */
  async function forget(row: Row) {
    await db.execute(sql`delete from ${table} where id = ${Number(row.id)}`)
  }

  /**
   * A failed try: the row waits for its next one, after a growing delay. False when that would be
   * past its time: the caller drops it then, and says so.
   */
  async function retryLater(row: Row, now: Date): Promise<boolean> {
    const next = new Date(now.getTime() + retryDelay(row.attempts))
    if (next >= new Date(row.expires_at)) return false
    await db.execute(
      sql`update ${table} set next_attempt_at = ${next.toISOString()} where id = ${Number(row.id)}`,
    )
    return true
  }

  /** Rows past their time (every instance stopped for that long): dropped unsent. */
  async function dropExpired(now: Date) {
    await db.execute(sql`delete from ${table} where expires_at <= ${now.toISOString()}`)
  }

  return { drain, forget, retryLater, dropExpired }
}
