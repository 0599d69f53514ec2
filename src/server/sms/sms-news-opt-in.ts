// A web filer's SMS news (issue 31): the device gives a number, a 6-digit code goes to it by SMS,
// and once the code comes back, that device's reports' news also go to the number. The number is
// kept as the SMS channel keeps any (keyed hash, encrypted copy); the code only as a keyed hash.
import { randomInt, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { normalizePhoneNumber } from '../../domain/phone-numbers'
import { SMS_REPLIES } from '../../domain/sms-replies'
import {
  SMS_CONFIRMATION_ATTEMPTS,
  SMS_CONFIRMATION_CODE_DIGITS,
  SMS_CONFIRMATION_TTL_MINUTES,
  type SmsLanguage,
  type SmsNewsState,
} from '../../domain/sms-rules'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { smsDeviceLinks, smsNumbers } from '../db/schema'
import { AppError } from '../errors'
import type { NumberPrivacy } from './number-privacy'
import { queueSms } from './sms-outbox'
import { cutToReply } from './sms-text'

export function createSmsNewsOptIn({ db, clock, privacy }: { db: Db; clock: Clock; privacy: NumberPrivacy }) {
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
    await db.transaction(async (tx) => {
      await tx
        .insert(smsDeviceLinks)
        .values({ device_hash: deviceHash, ...pending })
        .onConflictDoUpdate({ target: smsDeviceLinks.device_hash, set: pending })
      // A number that said STOP gets nothing, and the answer is the same as for any other: no one
      // learns from the site whether a number ever wrote to the channel.
      if (!pending.number_encrypted) return
      const text = SMS_REPLIES[language].confirmationCode(code, SMS_CONFIRMATION_TTL_MINUTES)
      const to = { number_hash: numberHash, number_encrypted: pending.number_encrypted }
      await queueSms(tx as unknown as Db, to, cutToReply(text), now)
    })
    return 'waiting'
  }

  /** Takes the code back: right, the number is confirmed; wrong, one try fewer. */
  async function confirm(deviceHash: string, code: string): Promise<SmsNewsState> {
    const link = await linkOf(deviceHash)
    if (!link?.code_hash || !link.code_expires_at) {
      throw new AppError('invalid_input', { reason: 'smsNews.noCodeWaiting', field: 'code' })
    }
    const now = clock.now()
    if (Date.parse(link.code_expires_at) <= now.getTime() || link.attempts >= SMS_CONFIRMATION_ATTEMPTS) {
      throw new AppError('invalid_input', { reason: 'smsNews.codeExpired', field: 'code' })
    }
    const given = Buffer.from(codeHash(deviceHash, code.replace(/\s/g, '')))
    // A number that said STOP was sent no code: any code is wrong, as for any other number.
    const numberEncrypted = link.number_encrypted
    if (!timingSafeEqual(given, Buffer.from(link.code_hash)) || !numberEncrypted) {
      await db
        .update(smsDeviceLinks)
        .set({ attempts: link.attempts + 1 })
        .where(eq(smsDeviceLinks.device_hash, deviceHash))
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
