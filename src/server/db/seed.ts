import { randomBytes } from 'node:crypto'
import { count } from 'drizzle-orm'
import { DEFAULT_CATEGORIES, DEFAULT_CATEGORY_TRANSLATIONS } from '../../domain/category'
import { hashPassword } from '../passwords'
import type { Db } from './database'
import { categories, superadmins } from './schema'

export interface FirstAdmin {
  username: string
  /** Set only when the password was generated: it is shown once, never stored in clear. */
  generatedPassword: string | undefined
}

/**
 * What the first start tells of the super administrator it created: its username, and its
 * password when it was generated (shown this once: only its hash is kept).
 */
export function firstAdminNotice(admin: FirstAdmin): string {
  const created = `Premier super administrateur créé : identifiant « ${admin.username} »`
  return admin.generatedPassword
    ? `${created}, mot de passe « ${admin.generatedPassword} » (affiché une seule fois, changez-le après connexion).`
    : `${created}, mot de passe : celui d’ADMIN_PASSWORD.`
}

/**
 * First start: the default categories and the first super administrator. Idempotent, and safe
 * when several instances start together (unique indexes + ON CONFLICT DO NOTHING).
 */
export async function seedDefaults(
  db: Db,
  admin: { username?: string; password?: string },
): Promise<FirstAdmin | null> {
  const [categoryRows] = await db.select({ n: count() }).from(categories)
  if (categoryRows?.n === 0) {
    await db
      .insert(categories)
      .values(
        DEFAULT_CATEGORIES.map((nom) => {
          const { en, wo } = DEFAULT_CATEGORY_TRANSLATIONS[nom]
          return { nom, nom_en: en, nom_wo: wo }
        }),
      )
      .onConflictDoNothing()
  }

  const [adminRows] = await db.select({ n: count() }).from(superadmins)
  if (adminRows && adminRows.n > 0) return null
  const username = admin.username ?? 'admin'
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url')
  const password = admin.password ?? generatedPassword ?? ''
  const inserted = await db
    .insert(superadmins)
    .values({ username, name: 'Super administrateur', password_hash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: superadmins.id })
  return inserted.length > 0 ? { username, generatedPassword } : null
}
