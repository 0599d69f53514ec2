/**
 * A random Idempotency-Key for one action an offline queue sends (a citizen's report, a field
 * agent's status, message or photo); crypto.randomUUID needs a secure context, getRandomValues
 * does not.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}
