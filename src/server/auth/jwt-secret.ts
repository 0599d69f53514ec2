import { randomBytes } from 'node:crypto'
import { DATA_DIR_KEYS, secretKeptIn } from '../data-dir'

/**
 * The key that signs access tokens. With a PostgreSQL server it comes from JWT_SECRET (every
 * instance must sign alike); in embedded mode it is generated once and kept in DATA_DIR so that
 * sessions survive a restart.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  return (
    configured ?? secretKeptIn(dataDir, DATA_DIR_KEYS.jwtSecret, () => randomBytes(48).toString('base64url'))
  )
}
