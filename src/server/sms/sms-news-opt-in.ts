// A web filer's SMS news (issue 31): the device gives a number, a 6-digit code goes to it by SMS,
// and once the code comes back, that device's reports' news also go to the number. The number is
// kept as the SMS channel keeps any (keyed hash, encrypted copy); the code only as a keyed hash.
import { randomInt, timingSafeEqual } from 'node:crypto'
import { and, count, eq, gt, lt, sql } from 'drizzle-orm'
import { normalizePhoneNumber } from '../../domain/phone-numbers'
import { SMS_REPLIES } from '../../domain/sms-replies'
import {
  SMS_CODES_PER_NUMBER,
  SMS_CODES_PER_NUMBER_WINDOW_MS,
  SMS_CODES_WINDOW_MS,
  SMS_CONFIRMATION_ATTEMPTS,
  SMS_CONFIRMATION_CODE_DIGITS,
  SMS_CONFIRMATION_TTL_MINUTES,
  type SmsLanguage,
  type SmsNewsState,
  smsCodeMayGoTo,
} from '../../domain/sms-rules'
import type { Clock } from '../clock'
import type { SmsConfig } from '../config'
import type { Db } from '../db/database'
import { smsCodeRequests, smsDeviceLinks, smsNumbers } from '../db/schema'
import { AppError } from '../errors'
import type { NumberPrivacy } from './number-privacy'
import { queueSms } from './sms-outbox'
import { cutToReply } from './sms-text'

/**
 * Serialises the code requests of every instance (a transaction-level advisory lock), so that two
 * asked at once cannot both pass a limit that has room for one.
 */
const CODE_REQUESTS_LOCK = 7274047

/** How many codes were asked for since `since`, for one number or (without it) for all. */
async function codesAskedSince(tx: Db, since: Date, numberHash?: string): Promise<number> {
  const recent = gt(smsCodeRequests.requested_at, since.toISOString())
  const [row] = await tx
    .select({ n: count() })
    .from(smsCodeRequests)
    .where(numberHash ? and(eq(smsCodeRequests.number_hash, numberHash), recent) : recent)
  return row?.n ?? 0
}

/**
 * Counts a code asked for `numberHash`, in the transaction that sends it, or refuses it (429, and
 * nothing is kept) past SMS_CODES_PER_NUMBER a day for that number or `codesPerHour` in all:
 * each code is an SMS the platform pays for, and the limit per address does not hold against
 * many addresses. Counted in the database, so that every instance counts the same codes.
 */
async function countCodeRequest(tx: Db, numberHash: string, now: Date, codesPerHour: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CODE_REQUESTS_LOCK})`)
  const sinceDay = new Date(now.getTime() - SMS_CODES_PER_NUMBER_WINDOW_MS)
  if ((await codesAskedSince(tx, sinceDay, numberHash)) >= SMS_CODES_PER_NUMBER) {
    throw new AppError('too_many_requests', { reason: 'smsNews.numberTooManyCodes' })
  }
  if ((await codesAskedSince(tx, new Date(now.getTime() - SMS_CODES_WINDOW_MS))) >= codesPerHour) {
    throw new AppError('too_many_requests', { reason: 'smsNews.tooManyCodesOverall' })
  }
  await tx.insert(smsCodeRequests).values({ number_hash: numberHash, requested_at: now.toISOString() })
}

/** Code requests past the longest window that counts them are forgotten. */
export async function forgetCodeRequests(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - SMS_CODES_PER_NUMBER_WINDOW_MS).toISOString()
  await db.delete(smsCodeRequests).where(lt(smsCodeRequests.requested_at, before))
}

export function createSmsNewsOptIn({
  db,
  clock,
  privacy,
  config,
}: {
  db: Db
  clock: Clock
  privacy: NumberPrivacy
  config: Pick<SmsConfig, 'allowedCountryCodes' | 'codesPerHour'>
}) {
  // Keyed with the device: the same code of another device is another hash.
  const codeHash = (deviceHash: string, code: string) => privacy.hash(`confirmation ${deviceHash} ${code}`)

  const linkOf = async (deviceHash: string) =>
    (await db.select().from(smsDeviceLinks).where(eq(smsDeviceLinks.device_hash, deviceHash)))[0]

  async function state(deviceHash: string): Promise<SmsNewsState> {
    const link = await linkOf(deviceHash)
    if (!link) return 'off'
    return link.confirmed_at ? 'on' : 'waiting'
  }

  /** Sends a code to `phone` for this device; its news by SMS, if any, wait for the code. */
  async function request(deviceHash: string, phone: string, language: SmsLanguage): Promise<SmsNewsState> {
    const e164 = normalizePhoneNumber(phone)
    if (!e164) throw new AppError('invalid_input', { reason: 'smsNews.invalidPhoneNumber', field: 'phone' })
    if (!smsCodeMayGoTo(e164, config.allowedCountryCodes)) {
      throw new AppError('invalid_input', { reason: 'smsNews.numberNotAllowed', field: 'phone' })
    }
    const numberHash = privacy.hash(e164)
    const [known] = await db.select().from(smsNumbers).where(eq(smsNumbers.number_hash, numberHash))
    const now = clock.now()
    const code = String(randomInt(0, 10 ** SMS_CONFIRMATION_CODE_DIGITS)).padStart(
      SMS_CONFIRMATION_CODE_DIGITS,
      '0',
    )
    const pending = {
      number_hash: numberHash,
      // A number that said STOP keeps no copy: only its hash, which remembers the refusal.
      number_encrypted: known?.stopped_at ? null : privacy.encrypt(e164),
      language,
      code_hash: codeHash(deviceHash, code),
      code_expires_at: new Date(now.getTime() + SMS_CONFIRMATION_TTL_MINUTES * 60_000).toISOString(),
      attempts: 0,
      confirmed_at: null,
      created_at: now.toISOString(),
    }
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db
      // A number that said STOP counts as any other: its limits tell no one that it did.
      await countCodeRequest(tx, numberHash, now, config.codesPerHour)
      await tx
        .insert(smsDeviceLinks)
        .values({ device_hash: deviceHash, ...pending })
        .onConflictDoUpdate({ target: smsDeviceLinks.device_hash, set: pending })
      // A number that said STOP gets nothing, and the answer is the same as for any other: no one
      // learns from the site whether a number ever wrote to the channel.
      if (!pending.number_encrypted) return
      const text = SMS_REPLIES[language].confirmationCode(code, SMS_CONFIRMATION_TTL_MINUTES)
      const to = { number_hash: numberHash, number_encrypted: pending.number_encrypted }
      await queueSms(tx, to, cutToReply(text), now)
    })
    return 'waiting'
  }

  /**
   * Takes one try of the device's code, in one update: the code waiting with its try counted, or
   * none when there is no code, or it expired or has no try left. Guesses sent at once each take
   * their own try (the row's lock orders them), so that no more than SMS_CONFIRMATION_ATTEMPTS
   * are ever checked.
   */
  async function takeTry(deviceHash: string, now: Date) {
    const [tried] = await db
      .update(smsDeviceLinks)
      .set({ attempts: sql`${smsDeviceLinks.attempts} + 1` })
      .where(
        and(
          eq(smsDeviceLinks.device_hash, deviceHash),
          gt(smsDeviceLinks.code_expires_at, now.toISOString()),
          lt(smsDeviceLinks.attempts, SMS_CONFIRMATION_ATTEMPTS),
        ),
      )
      .returning()
    return tried
  }

  /** Takes the code back: right, the number is confirmed; wrong, one try fewer. */
  async function confirm(deviceHash: string, code: string): Promise<SmsNewsState> {
    const now = clock.now()
    const link = await takeTry(deviceHash, now)
    if (!link?.code_hash) {
      const waiting = await linkOf(deviceHash)
      if (!waiting?.code_hash) {
        throw new AppError('invalid_input', { reason: 'smsNews.noCodeWaiting', field: 'code' })
      }
      throw new AppError('invalid_input', { reason: 'smsNews.codeExpired', field: 'code' })
    }
    const given = Buffer.from(codeHash(deviceHash, code.replace(/\s/g, '')))
    // A number that said STOP was sent no code: any code is wrong, as for any other number.
    const numberEncrypted = link.number_encrypted
    if (!timingSafeEqual(given, Buffer.from(link.code_hash)) || !numberEncrypted) {
      throw new AppError('invalid_input', { reason: 'smsNews.wrongCode', field: 'code' })
    }
    const number = {
      number_encrypted: numberEncrypted,
      language: link.language,
      last_message_at: now.toISOString(),
    }
    await db.transaction(async (tx) => {
      await tx
        .insert(smsNumbers)
        .values({ number_hash: link.number_hash, ...number, created_at: now.toISOString() })
        .onConflictDoUpdate({ target: smsNumbers.number_hash, set: number })
      await tx
        .update(smsDeviceLinks)
        .set({
          confirmed_at: now.toISOString(),
          code_hash: null,
          code_expires_at: null,
          number_encrypted: null,
        })
        .where(eq(smsDeviceLinks.device_hash, deviceHash))
    })
    return 'on'
  }

  /** No more news by SMS for this device (the number itself stays as the channel keeps it). */
  async function stop(deviceHash: string): Promise<void> {
    await db.delete(smsDeviceLinks).where(eq(smsDeviceLinks.device_hash, deviceHash))
  }

  return { state, request, confirm, stop }
}

export type SmsNewsOptIn = ReturnType<typeof createSmsNewsOptIn>
