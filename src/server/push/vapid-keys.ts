import { randomBytes } from 'node:crypto'
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import webpush from 'web-push'
import { DATA_DIR_KEYS } from '../data-dir'

/** The server's Web Push identity (VAPID, RFC 8292): push services know the sender by it. */
export interface VapidKeys {
  publicKey: string
  privateKey: string
  /** Whom a push service may contact about this sender: a mailto: or https: address. */
  subject: string
}

/**
 * The keys of VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or those generated once in DATA_DIR (0600).
 * A browser subscribes with the public key: every instance must sign with the same pair, and it
 * must outlive restarts, or every subscription stops working.
 */
export function resolveVapidKeys(
  configured: { publicKey: string; privateKey: string } | undefined,
  subject: string,
  dataDir: string,
): VapidKeys {
  if (configured) return { ...configured, subject }
  const file = path.join(dataDir, DATA_DIR_KEYS.vapidKeys)
  try {
    return { ...readKeys(file), subject }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const generated = webpush.generateVAPIDKeys()
  // Written whole beside it, then linked into place: an instance starting at the same time on the
  // same DATA_DIR finds no file or a whole one, never one half written (it read "" once in CI).
  const whole = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(whole, JSON.stringify(generated), { mode: 0o600 })
  try {
    linkSync(whole, file)
    return { ...generated, subject }
  } catch (error) {
    // Another instance sharing DATA_DIR wrote them first: theirs are the ones.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { ...readKeys(file), subject }
    throw error
  } finally {
    rmSync(whole, { force: true })
  }
}

function readKeys(file: string): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string') {
    throw new Error(`${file} does not hold VAPID keys: remove it to have new ones generated`)
  }
  return { publicKey, privateKey }
}
