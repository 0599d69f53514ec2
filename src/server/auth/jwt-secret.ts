import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The key that signs access tokens. With a PostgreSQL server it comes from JWT_SECRET (every
 * instance must sign alike); in embedded mode it is generated once and kept in DATA_DIR so that
 * sessions survive a restart.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'jwt-secret')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    const secret = randomBytes(48).toString('base64url')
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
    return secret
  }
}
