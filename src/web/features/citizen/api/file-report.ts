import type { CreatedReport } from '../../../../domain/report-filing'
import { ApiError } from '../../../lib/api-client'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'
import { tokenToSend } from '../../../lib/device-token'
import type { QueuedReport } from '../../../lib/outbox/outbox-store'
import { reportFormData } from '../../../lib/outbox/send-queued-report'
import { queueReport } from './queue-report'
import { type ReportUpload, sendReport } from './send-report'

/** A checked report leaving the form: what is sent now, or kept on the phone for later. */
export type ReportFiling = Pick<QueuedReport, 'key' | 'fields' | 'photo' | 'audio'>

/** What became of it. */
export type FilingOutcome =
  | { kind: 'sent'; report: CreatedReport }
  /** Kept on the phone, sent by itself when the network returns: there was none, or it dropped. */
  | { kind: 'queued'; because: 'offline' | 'connection-lost' }
  /**
   * The server said no: its French message and the reason of it (to translate it by), and its
   * name for the field at fault, when it gave them.
   */
  | { kind: 'refused'; status: number; message: string; field?: string; reason?: string }

/** Everything fileReport touches outside itself: the network, the phone's queue, the device. */
export interface FileReportDeps {
  /** False when the browser knows it has no network at all. */
  online(): boolean
  /** The device's token, minted on the phone when it has none yet: sent now or kept with the report. */
  tokenToSend(): string
  setCitizenToken(token: string): void
  /** The server refused the device's token: the next try goes under a new one. */
  forgetCitizenToken(): void
  /** POST /api/reports; rejects with an ApiError, of status 0 when the connection failed. */
  send(upload: ReportUpload): Promise<CreatedReport>
  /** Keeps the report in the outbox, to be sent when the network returns. */
  queue(report: QueuedReport): Promise<void>
  now(): Date
  /** Share of the upload sent, from 0 to 1; null once no upload is under way. */
  onProgress(sent: number | null): void
}

/**
 * Files a report: sends it now, or keeps it on the phone when there is no network or the
 * connection drops on the way. Its Idempotency-Key and the device's token go with it either way,
 * so a report the server got whose answer was lost is still filed once, and given back to this
 * device alone.
 */
export async function fileReport(filing: ReportFiling, deps: FileReportDeps): Promise<FilingOutcome> {
  const citizenToken = deps.tokenToSend()
  const report: QueuedReport = {
    ...filing,
    queuedAt: deps.now().toISOString(),
    citizenToken,
    state: 'waiting',
    error: null,
    attempts: 0,
  }
  const keepForLater = async (because: 'offline' | 'connection-lost'): Promise<FilingOutcome> => {
    await deps.queue(report)
    return { kind: 'queued', because }
  }

  // No network at all: no need to try, the phone keeps it.
  if (!deps.online()) return keepForLater('offline')
  deps.onProgress(0)
  let created: CreatedReport
  try {
    created = await deps.send({
      form: reportFormData(report),
      citizenToken,
      idempotencyKey: filing.key,
      onProgress: deps.onProgress,
    })
  } catch (error) {
    deps.onProgress(null)
    // The connection dropped on the way: kept on the phone, sent later under the same key
    // (if the server got it after all, it answers with that same report).
    if (!(error instanceof ApiError) || error.status === 0) return keepForLater('connection-lost')
    if (error.status === 401) deps.forgetCitizenToken()
    return {
      kind: 'refused',
      status: error.status,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      ...(error.reason ? { reason: error.reason } : {}),
    }
  }
  deps.onProgress(null)
  deps.setCitizenToken(created.citizenToken)
  return { kind: 'sent', report: created }
}

/** The deps of a page in the browser: XMLHttpRequest (for its upload progress), IndexedDB, the device store. */
export function browserFilingDeps(onProgress: (sent: number | null) => void): FileReportDeps {
  const device = () => useCitizenDeviceStore.getState()
  return {
    online: () => navigator.onLine !== false,
    tokenToSend,
    setCitizenToken: (token) => device().setCitizenToken(token),
    forgetCitizenToken: () => device().forgetCitizenToken(),
    send: sendReport,
    queue: queueReport,
    now: () => new Date(),
    onProgress,
  }
}
