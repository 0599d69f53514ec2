import type { CreatedReport } from '../../../../domain/report-filing'
import { CITIZEN_TOKEN_HEADER, IDEMPOTENCY_KEY_HEADER } from '../../../../domain/report-filing-rules'
import { i18next } from '../../../i18n'
import { ApiError, isErrorBody } from '../../../lib/api-client'

export interface ReportUpload {
  form: FormData
  citizenToken: string | null
  /** The same for every retry of one report: the server then files it once. */
  idempotencyKey: string
  /** Share of the upload sent so far, from 0 to 1. */
  onProgress?: (sent: number) => void
}

/**
 * POST /api/reports as multipart. XMLHttpRequest rather than fetch: only it reports upload
 * progress, which matters when a photo crawls over a slow mobile network.
 */
export function sendReport({
  form,
  citizenToken,
  idempotencyKey,
  onProgress,
}: ReportUpload): Promise<CreatedReport> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/reports')
    request.setRequestHeader('accept', 'application/json')
    request.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey)
    if (citizenToken) request.setRequestHeader(CITIZEN_TOKEN_HEADER, citizenToken)
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    })
    request.addEventListener('load', () => {
      const body = parse(request.responseText)
      if (request.status >= 200 && request.status < 300 && body) {
        resolve(body as CreatedReport)
        return
      }
      reject(
        isErrorBody(body)
          ? ApiError.fromBody(body, request.status)
          : new ApiError('http_error', i18next.t('api.unexpected'), request.status),
      )
    })
    const offline = () => reject(new ApiError('network_error', i18next.t('api.network'), 0))
    request.addEventListener('error', offline)
    request.addEventListener('timeout', offline)
    request.send(form)
  })
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
