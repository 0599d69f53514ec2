import { eq } from 'drizzle-orm'
import { type CreatedReport, descriptionIsEnough, type ReportFields } from '../../domain/report-filing'
import { filing } from '../../domain/report-transitions'
import { deviceFor, hashCitizenToken, saveDevice } from '../citizens/device'
import type { Clock } from '../clock'
import { type Db, isSerialId } from '../db/database'
import { categories, reportEvents, reports } from '../db/schema'
import { isUniqueViolation } from '../db/values'
import { AppError } from '../errors'
import { checkVoiceNote, processPhoto } from '../media/process-media'
import type { FileStorage } from '../storage/file-storage'
import { newAnonymousCode } from './anonymous-code'
import { type FilingReceipt, findReceipt, recordReceipt } from './filing-receipts'

export interface NewReport {
  fields: ReportFields
  photo: Buffer | undefined
  audio: Buffer | undefined
  citizenToken: string | undefined
  idempotencyKey: string | undefined
  /**
   * `open311`: filed by another application with an API key (POST /open311/v2/requests.json).
   * No citizen device is made for it, and the answer's citizenToken is empty.
   */
  source?: 'device' | 'open311'
  /**
   * A report by SMS (issue 31): filed under the number's keyed hash, in the commune the citizen
   * named, its point that commune's centre. No device is made for it either.
   */
  sms?: { numberHash: string; areaId: number }
}

interface Deps {
  db: Db
  storage: FileStorage
  clock: Clock
}

/**
 * Files a citizen's report. Atomic: the row, its history and the device are written in one
 * transaction, and the stored files are removed if anything fails.
 */
export async function createReport({ db, storage, clock }: Deps, input: NewReport): Promise<CreatedReport> {
  const { fields } = input
  if (input.idempotencyKey) {
    const receipt = await findReceipt(db, input.idempotencyKey)
    if (receipt) return replayFiling(receipt, input)
  }
  if (!descriptionIsEnough(fields.description, input.audio !== undefined)) {
    throw new AppError('invalid_input', {
      reason: 'filing.descriptionTooShort',
      field: 'description',
    })
  }
  const [category] = isSerialId(fields.categoryId)
    ? await db.select().from(categories).where(eq(categories.id, fields.categoryId))
    : []
  if (!category) {
    throw new AppError('invalid_input', {
      reason: 'filing.unknownCategory',
      field: 'categoryId',
    })
  }
  const device = input.source === 'open311' || input.sms ? null : deviceFor(input.citizenToken)
  const reporterHash = device?.hash ?? input.sms?.numberHash ?? null

  // Check and re-encode before anything is written.
  const photo = input.photo ? await processPhoto(input.photo) : undefined
  const audioExtension = input.audio ? await checkVoiceNote(input.audio) : undefined

  const stored: string[] = []
  const store = async (bytes: Buffer, extension: string) => {
    const key = await storage.put(bytes, extension)
    stored.push(key)
    return storage.urlOf(key)
  }
  try {
    const photoUrl = photo ? await store(photo.photo, 'webp') : null
    const thumbUrl = photo ? await store(photo.thumbnail, 'webp') : null
    const audioUrl = input.audio && audioExtension ? await store(input.audio, audioExtension) : null
    const now = clock.now().toISOString()
    const filed = filing(
      reporterHash ? { type: 'citizen', deviceHash: reporterHash } : { type: 'system' },
      clock.now(),
    )
    const row = await insertWithFreshCode(db, async (tx, code) => {
      if (device) await saveDevice(tx, device, clock.now())
      const [report] = await tx
        .insert(reports)
        .values({
          ...filed.fields,
          anonymous_code: code,
          category_id: category.id,
          type: category.nom,
          description: fields.description,
          address: fields.address || null,
          department: fields.department || null,
          latitude: fields.latitude,
          longitude: fields.longitude,
          photo_url: photoUrl,
          photo_thumb_url: thumbUrl,
          audio_url: audioUrl,
          reporter_hash: reporterHash,
          ...(input.sms ? { channel: 'sms', location_precision: 'commune', area_id: input.sms.areaId } : {}),
          created_at: now,
        })
        .returning({ id: reports.id, anonymous_code: reports.anonymous_code })
      if (!report) throw new Error('insert returned no row')
      await tx
        .insert(reportEvents)
        .values(filed.events.map((event) => ({ ...event, report_id: report.id, created_at: now })))
      if (input.idempotencyKey) {
        await recordReceipt(tx, {
          idempotencyKey: input.idempotencyKey,
          reportId: report.id,
          now: clock.now(),
        })
      }
      return report
    })
    return { ...row, citizenToken: device?.token ?? '' }
  } catch (error) {
    await Promise.all(stored.map((key) => storage.remove(key)))
    if (input.idempotencyKey && isUniqueViolation(error, 'filing_receipts_pkey')) {
      // The same report, sent twice at once: the first one won.
      const receipt = await findReceipt(db, input.idempotencyKey)
      if (receipt) return replayFiling(receipt, input)
    }
    throw error
  }
}

/**
 * A report sent again under the same Idempotency-Key gets the first answer back, and nothing is
 * filed twice, but only for the device that filed it: its token, which it sent itself, is the
 * proof. Anyone else who learned the key (a proxy's log, a shared phone's history) gets a 409 with
 * nothing of the report, and never a token.
 */
function replayFiling(receipt: FilingReceipt, input: Pick<NewReport, 'citizenToken'>): CreatedReport {
  const { citizenToken } = input
  if (citizenToken === undefined) throw new AppError('conflict', { reason: 'filing.alreadyReceived' })
  if (receipt.reporterHash !== hashCitizenToken(citizenToken)) {
    throw new AppError('conflict', { reason: 'filing.idempotencyKeyOfAnotherDevice' })
  }
  return { id: receipt.reportId, anonymous_code: receipt.anonymousCode, citizenToken }
}

/** Codes are random: on the rare collision, the whole transaction runs again with a new one. */
async function insertWithFreshCode<T>(db: Db, write: (tx: Db, code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => write(tx as unknown as Db, newAnonymousCode()))
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'reports_anonymous_code_key')) throw error
    }
  }
}
