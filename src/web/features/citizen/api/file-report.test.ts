import { describe, expect, it, vi } from 'vitest'
import type { CreatedReport } from '../../../../domain/report-filing'
import { ApiError } from '../../../lib/api-client'
import type { QueuedReport } from '../../../lib/outbox/outbox-store'
import { type FileReportDeps, fileReport, type ReportFiling } from './file-report'
import type { ReportUpload } from './send-report'

const KEY = '5f0c6a8e-2b7d-4c1e-9a3f-7d2e1b0c4a56'
const TOKEN = 'T'.repeat(43)
const NEW_TOKEN = 'N'.repeat(43)
const CREATED: CreatedReport = { id: 'r-1', anonymous_code: '7KQ2M9XD', citizenToken: NEW_TOKEN }
const NOW = new Date('2026-11-20T09:30:00Z')

const FILING: ReportFiling = {
  key: KEY,
  fields: {
    categoryId: 1,
    categoryName: 'Voirie',
    description: 'Lampadaire éteint depuis une semaine',
    address: '',
    department: 'Dakar',
    latitude: 14.6928,
    longitude: -17.4467,
  },
  photo: { blob: new Blob(['webp'], { type: 'image/webp' }), name: 'photo.webp' },
  audio: null,
}

/** Deps answering as told, recording what fileReport did with them: no network, no IndexedDB. */
function fakeDeps(
  send: (upload: ReportUpload) => Promise<CreatedReport>,
  { online = true, token = TOKEN } = {},
) {
  const queued: QueuedReport[] = []
  const progress: (number | null)[] = []
  const uploads: ReportUpload[] = []
  const deps: FileReportDeps = {
    online: () => online,
    tokenToSend: () => token,
    setCitizenToken: vi.fn(),
    forgetCitizenToken: vi.fn(),
    send: (upload) => {
      uploads.push(upload)
      return send(upload)
    },
    queue: async (report) => void queued.push(report),
    now: () => NOW,
    onProgress: (sent) => void progress.push(sent),
  }
  return { deps, queued, progress, uploads }
}

const answers = (report: CreatedReport) => async (upload: ReportUpload) => {
  upload.onProgress?.(0.5)
  upload.onProgress?.(1)
  return report
}
const fails = (error: unknown) => async () => {
  throw error
}

describe('fileReport', () => {
  it('sends the report now, with its key and the device’s token, and keeps the token it gets back', async () => {
    const { deps, queued, progress, uploads } = fakeDeps(answers(CREATED))
    await expect(fileReport(FILING, deps)).resolves.toEqual({ kind: 'sent', report: CREATED })

    expect(uploads).toHaveLength(1)
    const [upload] = uploads as [ReportUpload]
    expect(upload).toMatchObject({ idempotencyKey: KEY, citizenToken: TOKEN })
    expect(upload.form.get('categoryId')).toBe('1')
    expect(upload.form.get('description')).toBe('Lampadaire éteint depuis une semaine')
    // An empty address is not sent at all.
    expect(upload.form.has('address')).toBe(false)
    expect((upload.form.get('photo') as File).name).toBe('photo.webp')
    expect(progress).toEqual([0, 0.5, 1, null])
    expect(deps.setCitizenToken).toHaveBeenCalledWith(NEW_TOKEN)
    expect(queued).toEqual([])
  })

  it('keeps the report on the phone without even trying when there is no network', async () => {
    const send = vi.fn(answers(CREATED))
    const { deps, queued, progress } = fakeDeps(send, { online: false })
    await expect(fileReport(FILING, deps)).resolves.toEqual({ kind: 'queued', because: 'offline' })

    expect(send).not.toHaveBeenCalled()
    expect(progress).toEqual([])
    expect(queued).toEqual([
      {
        ...FILING,
        queuedAt: NOW.toISOString(),
        citizenToken: TOKEN,
        state: 'waiting',
        error: null,
        attempts: 0,
      },
    ])
  })

  it('keeps the report on the phone, under the same key, when the connection drops on the way', async () => {
    const { deps, queued, progress } = fakeDeps(fails(new ApiError('network_error', 'Pas de réseau', 0)))
    await expect(fileReport(FILING, deps)).resolves.toEqual({ kind: 'queued', because: 'connection-lost' })

    expect(queued.map((report) => report.key)).toEqual([KEY])
    // The upload has ended before the report is put aside.
    expect(progress).toEqual([0, null])
    expect(deps.setCitizenToken).not.toHaveBeenCalled()
  })

  it('treats a failure that is not an answer of the server as a dropped connection', async () => {
    const { deps, queued } = fakeDeps(fails(new TypeError('Failed to fetch')))
    await expect(fileReport(FILING, deps)).resolves.toEqual({ kind: 'queued', because: 'connection-lost' })
    expect(queued).toHaveLength(1)
  })

  it('gives back the server’s refusal with its message and field, and keeps nothing', async () => {
    const message = 'Choisissez une catégorie dans la liste.'
    const { deps, queued, progress } = fakeDeps(
      fails(new ApiError('invalid_input', message, 400, 'categoryId')),
    )
    await expect(fileReport(FILING, deps)).resolves.toEqual({
      kind: 'refused',
      status: 400,
      message,
      field: 'categoryId',
    })
    expect(queued).toEqual([])
    expect(progress).toEqual([0, null])
    expect(deps.forgetCitizenToken).not.toHaveBeenCalled()
  })

  it('gives back a refusal without a field as it came', async () => {
    const message = 'Vous avez envoyé beaucoup de signalements en peu de temps. Réessayez dans une heure.'
    const { deps } = fakeDeps(fails(new ApiError('rate_limited', message, 429)))
    await expect(fileReport(FILING, deps)).resolves.toEqual({ kind: 'refused', status: 429, message })
  })

  it('forgets a device token the server does not know, so that the retry gets a new one', async () => {
    const message = 'Cet appareil n’est pas reconnu. Réessayez : un nouvel identifiant lui sera attribué.'
    const { deps } = fakeDeps(fails(new ApiError('not_authenticated', message, 401)))
    await expect(fileReport(FILING, deps)).resolves.toMatchObject({ kind: 'refused', status: 401, message })
    expect(deps.forgetCitizenToken).toHaveBeenCalledOnce()
  })
})
