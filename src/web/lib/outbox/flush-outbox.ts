import {
  putQueuedReport,
  type QueuedReport,
  queuedReports,
  removeQueuedReport,
  type SentReport,
} from './outbox-store'
import { sendQueuedReport } from './send-queued-report'

export interface FlushDeps {
  /** The device's token, for the reports queued by a version that kept none with them. */
  token(): Promise<string | null> | string | null
  /** The server refused the device's token as no device's: forget it. */
  forgetToken(): Promise<void> | void
  /** A queued report the server accepted; its answer names the token it was filed under. */
  onSent(sent: SentReport): Promise<void> | void
}

export interface FlushResult {
  sent: number
  /** Still waiting (no network, or the server was busy). */
  waiting: number
  refused: number
}

/** Statuses after which the same report is tried again later: the server or the network was busy. */
function worthRetrying(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500
}

async function flushAll(deps: FlushDeps): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, waiting: 0, refused: 0 }
  const reports = await queuedReports()
  for (let index = 0; index < reports.length; index++) {
    const report = reports[index] as QueuedReport
    if (report.state === 'refused') {
      result.refused += 1
      continue
    }
    // The token it was first sent under: only that one gets a lost answer back.
    const token = report.citizenToken ?? (await deps.token())
    let outcome = await sendQueuedReport(report, token)
    if (outcome.kind === 'refused' && outcome.status === 401 && token) {
      // A token no device mints (an old version's, damaged): the report goes under a new identity.
      await deps.forgetToken()
      outcome = await sendQueuedReport({ ...report, citizenToken: null }, null)
    }
    if (outcome.kind === 'sent') {
      await removeQueuedReport(report.key)
      await deps.onSent({
        key: report.key,
        categoryName: report.fields.categoryName,
        report: outcome.report,
        sentAt: new Date().toISOString(),
      })
      result.sent += 1
      continue
    }
    if (outcome.kind === 'offline' || worthRetrying(outcome.status)) {
      await putQueuedReport({ ...report, attempts: report.attempts + 1 })
      // No network, or a busy server: the next ones would fare no better now.
      result.waiting += reports.length - index
      return result
    }
    await putQueuedReport({
      ...report,
      state: 'refused',
      error: outcome.message,
      reason: outcome.reason,
      attempts: report.attempts + 1,
    })
    result.refused += 1
  }
  return result
}

const LOCK_NAME = 'alertes-urbaines-outbox'

/**
 * Sends every waiting report, oldest first, each under its own Idempotency-Key. One sender at a
 * time across the tabs and the service worker (Web Locks): another one already at it means
 * nothing to do here. Without Web Locks two senders may overlap, and the key still files each
 * report once.
 */
export async function flushOutbox(deps: FlushDeps): Promise<FlushResult | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return flushAll(deps)
  return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => (lock ? flushAll(deps) : null))
}
