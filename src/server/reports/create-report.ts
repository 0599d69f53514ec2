import { eq } from 'drizzle-orm'
import {
  type CreatedReport,
  descriptionIsEnough,
  REPORT_FILING_MESSAGES,
  type ReportFields,
} from '../../domain/report-filing'
import { deviceFor, saveDevice } from '../citizens/device'
import { followReport } from '../citizens/repository'
import type { Clock } from '../clock'
import { type Db, isSerialId } from '../db/database'
import { categories, reportEvents, reports } from '../db/schema'
import { AppError } from '../errors'
import { checkVoiceNote, processPhoto } from '../media/process-media'
import type { FileStorage } from '../storage/file-storage'
import { newAnonymousCode } from './anonymous-code'

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
    const existing = await reportByIdempotencyKey(db, input.idempotencyKey)
    if (existing) return replayFiling({ db, clock }, existing, input.citizenToken)
  }
  if (!descriptionIsEnough(fields.description, input.audio !== undefined)) {
    throw new AppError('invalid_input', {
      message: REPORT_FILING_MESSAGES.descriptionTooShort,
      field: 'description',
    })
  }
  const [category] = isSerialId(fields.categoryId)
    ? await db.select().from(categories).where(eq(categories.id, fields.categoryId))
    : []
  if (!category) {
    throw new AppError('invalid_input', {
      message: REPORT_FILING_MESSAGES.unknownCategory,
      field: 'categoryId',
    })
  }
  const device = input.source === 'open311' ? null : await deviceFor(db, input.citizenToken)

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
    const row = await insertWithFreshCode(db, async (tx, code) => {
      if (device) await saveDevice(tx, device, clock.now())
      const [report] = await tx
        .insert(reports)
        .values({
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
          reporter_hash: device?.hash ?? null,
          idempotency_key: input.idempotencyKey ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: reports.id, anonymous_code: reports.anonymous_code })
      if (!report) throw new Error('insert returned no row')
      await tx.insert(reportEvents).values({
        report_id: report.id,
        kind: 'created',
        actor_type: device ? 'citizen' : 'system',
        to_status: 'en-attente',
        created_at: now,
      })
      return report
    })
    return { ...row, citizenToken: device?.token ?? '' }
  } catch (error) {
    await Promise.all(stored.map((key) => storage.remove(key)))
    if (input.idempotencyKey && isUniqueViolation(error, 'reports_idempotency_key_key')) {
      // The same report, sent twice at once: the first one won.
      const existing = await reportByIdempotencyKey(db, input.idempotencyKey)
      if (existing) return replayFiling({ db, clock }, existing, input.citizenToken)
    }
    throw error
  }
}

/**
 * A report sent again under the same Idempotency-Key gets the first answer back. A device that
 * never received that answer (the connection dropped) has no token yet, or another one: it gets
 * a token that follows the report, so that the report still shows under "Mes signalements".
 */
async function replayFiling(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  existing: { id: string; anonymous_code: string; reporter_hash: string | null },
  citizenToken: string | undefined,
): Promise<CreatedReport> {
  const device = await deviceFor(db, citizenToken)
  if (device.hash !== existing.reporter_hash) {
    await db.transaction(async (tx) => {
      await saveDevice(tx, device, clock.now())
      await followReport(tx, device.hash, existing.id)
    })
  }
  return { id: existing.id, anonymous_code: existing.anonymous_code, citizenToken: device.token }
}

async function reportByIdempotencyKey(db: Db, key: string) {
  const [row] = await db
    .select({ id: reports.id, anonymous_code: reports.anonymous_code, reporter_hash: reports.reporter_hash })
    .from(reports)
    .where(eq(reports.idempotency_key, key))
  return row
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

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string }
    if (candidate.code === '23505' && candidate.constraint === constraint) return true
  }
  return false
}
