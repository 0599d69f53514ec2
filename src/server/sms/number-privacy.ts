// A citizen's phone number is their secret (issue 31): the database keeps a keyed hash of it, to
// find its conversation and count its messages, and an AES-GCM encrypted copy, to send it SMS.
// Neither reads back without the key, which lives in SMS_PRIVACY_KEY or DATA_DIR, not in the
// database: a stolen backup holds no number.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { DATA_DIR_KEYS, secretKeptIn } from '../data-dir'

const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * The key of SMS_PRIVACY_KEY, or the one generated once in DATA_DIR (embedded mode: one
 * instance). Losing it loses every number kept: the conversations and the SMS news stop.
 */
export function resolveSmsPrivacyKey(configured: string | undefined, dataDir: string): string {
  return (
    configured ??
    secretKeptIn(dataDir, DATA_DIR_KEYS.smsPrivacyKey, () => randomBytes(32).toString('base64url'))
  )
}

/** Hashes and encrypts numbers with two keys derived from one (HKDF), one per purpose. */
export function createNumberPrivacy(privacyKey: string) {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', Buffer.from(privacyKey, 'base64url'), '', purpose, 32))
  const hashKey = derive('alertes-urbaines sms number hash')
  const encryptionKey = derive('alertes-urbaines sms number encryption')

  return {
    /** The keyed hash of an E.164 number: the same number always gives the same one. */
    hash(number: string): string {
      return createHmac('sha256', hashKey).update(number).digest('hex')
    },
    /** The number encrypted (a fresh IV each time), base64url of IV, tag and ciphertext. */
    encrypt(number: string): string {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv)
      const sealed = Buffer.concat([cipher.update(number, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
    },
    /** The number back; throws when the copy was made with another key or altered. */
    decrypt(copy: string): string {
      const bytes = Buffer.from(copy, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, bytes.subarray(0, IV_BYTES))
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}

export type NumberPrivacy = ReturnType<typeof createNumberPrivacy>
