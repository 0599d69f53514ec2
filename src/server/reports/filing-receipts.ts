import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/database'
import { filingReceipts, reports } from '../db/schema'

/**
 * The receipts of filings sent with an Idempotency-Key: the key's hash and the report, nothing
 * else. The key is not a secret (a proxy's log, a shared phone's history may show it): what gives
 * a repeat its answer is the filing device's token, which the device sends itself.
 */

export function receiptKeyHash(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex')
}

export interface FilingReceipt {
  reportId: string
  anonymousCode: string
  /** The filing device, null for a report another application filed. */
  reporterHash: string | null
}

export async function findReceipt(db: Db, idempotencyKey: string): Promise<FilingReceipt | undefined> {
  const [row] = await db
    .select({
      reportId: filingReceipts.report_id,
      anonymousCode: reports.anonymous_code,
      reporterHash: reports.reporter_hash,
    })
    .from(filingReceipts)
    .innerJoin(reports, eq(reports.id, filingReceipts.report_id))
    .where(eq(filingReceipts.key_hash, receiptKeyHash(idempotencyKey)))
  return row
}

export async function recordReceipt(
  tx: Db,
  input: { idempotencyKey: string; reportId: string; now: Date },
): Promise<void> {
  await tx.insert(filingReceipts).values({
    key_hash: receiptKeyHash(input.idempotencyKey),
    report_id: input.reportId,
    created_at: input.now.toISOString(),
  })
}
