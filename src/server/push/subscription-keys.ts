import { ECDH } from 'node:crypto'

/**
 * Whether a subscription's `p256dh` is a point of the P-256 curve, uncompressed, as browsers give
 * it. The schema checks its length only; a key off the curve is refused here, at subscription,
 * since no notification could ever be encrypted for it.
 */
export function isP256Point(p256dh: string): boolean {
  const key = Buffer.from(p256dh, 'base64url')
  if (key.length !== 65 || key[0] !== 0x04) return false
  try {
    ECDH.convertKey(key, 'prime256v1')
    return true
  } catch {
    return false
  }
}
