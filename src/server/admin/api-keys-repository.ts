import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { ApiKey, CreatedApiKey } from '../../domain/api-keys'
import { API_KEY_PREFIX } from '../../domain/api-keys-rules'
import type { Db } from '../db/database'
import { apiKeys, superadmins } from '../db/schema'
import { toIso } from '../db/values'
import { AppError } from '../errors'

/** 32 random bytes: a hash without salt is enough for a secret that cannot be guessed. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
}

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  created_at: apiKeys.created_at,
  created_by: superadmins.username,
  last_used_at: apiKeys.last_used_at,
  revoked_at: apiKeys.revoked_at,
}

function shape(row: {
  id: string
  name: string
  created_at: string
  created_by: string | null
  last_used_at: string | null
  revoked_at: string | null
}): ApiKey {
  return {
    ...row,
    created_at: toIso(row.created_at),
    last_used_at: row.last_used_at ? toIso(row.last_used_at) : null,
    revoked_at: row.revoked_at ? toIso(row.revoked_at) : null,
  }
}

/** Every key, the active ones first, newest first; the keys themselves are never stored. */
export async function listApiKeys(db: Db): Promise<ApiKey[]> {
  const rows = await db
    .select(columns)
    .from(apiKeys)
    .leftJoin(superadmins, eq(superadmins.id, apiKeys.created_by))
    .orderBy(desc(isNull(apiKeys.revoked_at)), desc(apiKeys.created_at))
  return rows.map(shape)
}

/** A new key: only its hash is kept, the key is returned this once. */
export async function createApiKey(
  db: Db,
  input: { name: string; adminId: string; now: Date },
): Promise<CreatedApiKey> {
  const key = newApiKey()
  const [row] = await db
    .insert(apiKeys)
    .values({
      name: input.name,
      key_hash: hashApiKey(key),
      created_by: input.adminId,
      created_at: input.now.toISOString(),
    })
    .returning({ id: apiKeys.id })
  if (!row) throw new Error('insert returned no row')
  const [created] = await db
    .select(columns)
    .from(apiKeys)
    .leftJoin(superadmins, eq(superadmins.id, apiKeys.created_by))
    .where(eq(apiKeys.id, row.id))
  if (!created) throw new Error('the new key is missing')
  return { ...shape(created), key }
}

export async function revokeApiKey(db: Db, id: string, now: Date): Promise<ApiKey> {
  const [current] = await db
    .select({ revoked_at: apiKeys.revoked_at })
    .from(apiKeys)
    .where(eq(apiKeys.id, id))
  if (!current) throw new AppError('not_found', { reason: 'apiKeys.notFound' })
  if (current.revoked_at) throw new AppError('conflict', { reason: 'apiKeys.alreadyRevoked' })
  await db.update(apiKeys).set({ revoked_at: now.toISOString() }).where(eq(apiKeys.id, id))
  const [row] = await db
    .select(columns)
    .from(apiKeys)
    .leftJoin(superadmins, eq(superadmins.id, apiKeys.created_by))
    .where(eq(apiKeys.id, id))
  if (!row) throw new AppError('not_found', { reason: 'apiKeys.notFound' })
  return shape(row)
}

/** Whether a key is live (issued and not revoked); its use is recorded. */
export async function acceptApiKey(db: Db, key: string, now: Date): Promise<boolean> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return false
  const used = await db
    .update(apiKeys)
    .set({ last_used_at: now.toISOString() })
    .where(and(eq(apiKeys.key_hash, hashApiKey(key)), isNull(apiKeys.revoked_at)))
    .returning({ id: apiKeys.id })
  return used.length > 0
}
