import type { CreatedReport } from '../../../domain/report-filing'
import { CITIZEN_TOKEN_HEADER, IDEMPOTENCY_KEY_HEADER } from '../../../domain/report-filing-rules'
import type { QueuedReport } from './outbox-store'

/** How a send ended: the report, no network, or the server's refusal. */
export type SendOutcome =
  | { kind: 'sent'; report: CreatedReport }
  | { kind: 'offline' }
  /** The server's French message and its reason (its key among the domain's messages), if any. */
  | { kind: 'refused'; status: number; message: string | null; reason: string | null }

/** The multipart body of POST /api/reports, as the form sends it. */
export function reportFormData(report: QueuedReport): FormData {
  const { fields } = report
  const form = new FormData()
  form.append('categoryId', String(fields.categoryId))
  form.append('description', fields.description)
  if (fields.address) form.append('address', fields.address)
  form.append('department', fields.department)
  form.append('latitude', String(fields.latitude))
  form.append('longitude', String(fields.longitude))
  if (report.photo) form.append('photo', report.photo.blob, report.photo.name)
  if (report.audio) form.append('audio', report.audio.blob, report.audio.name)
  return form
}

/**
 * Sends one queued report with fetch (the service worker has no XMLHttpRequest), under its
 * Idempotency-Key: sent twice, it is still filed once. No translation here: the service worker
 * runs this without the page's texts.
 */
export async function sendQueuedReport(
  report: QueuedReport,
  citizenToken: string | null,
): Promise<SendOutcome> {
  const headers: Record<string, string> = { accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: report.key }
  if (citizenToken) headers[CITIZEN_TOKEN_HEADER] = citizenToken
  let response: Response
  try {
    response = await fetch('/api/reports', { method: 'POST', headers, body: reportFormData(report) })
  } catch {
    return { kind: 'offline' }
  }
  let body: unknown = null
  try {
    body = await response.json()
  } catch {
    // an answer without JSON: a proxy's error page
  }
  if (response.ok && body) return { kind: 'sent', report: body as CreatedReport }
  const error = (body as { error?: { message?: unknown; reason?: unknown } } | null)?.error
  return {
    kind: 'refused',
    status: response.status,
    message: typeof error?.message === 'string' ? error.message : null,
    reason: typeof error?.reason === 'string' ? error.reason : null,
  }
}
