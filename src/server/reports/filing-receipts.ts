import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/database'
import { filingReceipts, reports } from '../db/schema'

/**
 * The receipts of filings sent with an Idempotency-Key. The key is the device's secret (at least
 * 122 random bits): the database keeps its hash, and the answer's device token sealed with a key
 * derived from it, so that only the device holding the key can read the token again.
 */

export function receiptKeyHash(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex')
}

function sealingKey(idempotencyKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', idempotencyKey, '', 'alertes-urbaines filing receipt', 32))
}

/** AES-256-GCM: iv, tag and ciphertext, base64url, dot-separated. */
export function sealToken(idempotencyKey: string, token: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(idempotencyKey), iv)
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
}

/** The sealed token, or null when the key does not open it. */
export function openSealedToken(idempotencyKey: string, sealed: string): string | null {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !data) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(idempotencyKey), iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

export interface FilingReceipt {
  reportId: string
  anonymousCode: string
  /** The filing device, null for a report another application filed. */
  reporterHash: string | null
  sealedToken: string | null
  createdAt: Date
}

export async function findReceipt(db: Db, idempotencyKey: string): Promise<FilingReceipt | undefined> {
  const [row] = await db
    .select({
      reportId: filingReceipts.report_id,
      anonymousCode: reports.anonymous_code,
      reporterHash: reports.reporter_hash,
      sealedToken: filingReceipts.sealed_token,
      createdAt: filingReceipts.created_at,
    })
    .from(filingReceipts)
    .innerJoin(reports, eq(reports.id, filingReceipts.report_id))
    .where(eq(filingReceipts.key_hash, receiptKeyHash(idempotencyKey)))
  return row && { ...row, createdAt: new Date(row.createdAt) }
}

export async function recordReceipt(
  tx: Db,
  input: { idempotencyKey: string; reportId: string; citizenToken: string | null; now: Date },
): Promise<void> {
  await tx.insert(filingReceipts).values({
    key_hash: receiptKeyHash(input.idempotencyKey),
    report_id: input.reportId,
    sealed_token: input.citizenToken ? sealToken(input.idempotencyKey, input.citizenToken) : null,
    created_at: input.now.toISOString(),
  })
}
