import { eq, sql } from 'drizzle-orm'
import { categoryInUseMessage } from '../../domain/admin-rules'
import type { Category } from '../../domain/category'
import type { Db } from '../db/database'
import { categories, categoryOrganizations, reports } from '../db/schema'
import { isUniqueViolation } from '../db/values'
import { AppError } from '../errors'

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error, 'categorie_nom_lower_key')) {
    throw new AppError('conflict', { reason: 'admin.categoryExists', field: 'nom' })
  }
  throw error
}

export async function createCategory(db: Db, nom: string): Promise<Category> {
  try {
    const [row] = await db
      .insert(categories)
      .values({ nom })
      .returning({ id: categories.id, nom: categories.nom })
    if (!row) throw new Error('insert returned no row')
    return row
  } catch (error) {
    nameTaken(error)
  }
}

/** Renames a category; reports keep the name they were filed with. */
export async function renameCategory(db: Db, id: number, nom: string): Promise<Category> {
  try {
    const [row] = await db
      .update(categories)
      .set({ nom })
      .where(eq(categories.id, id))
      .returning({ id: categories.id, nom: categories.nom })
    if (!row) throw new AppError('not_found')
    return row
  } catch (error) {
    if (error instanceof AppError) throw error
    nameTaken(error)
  }
}

/** A category still used by a report or an organisation stays (409). */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  const [usage] = await db
    .select({
      reports: sql<number>`(select count(*)::int from ${reports} where ${reports.category_id} = ${id})`,
      organizations: sql<number>`(select count(*)::int from ${categoryOrganizations} where ${categoryOrganizations.categorie_id} = ${id})`,
    })
    .from(sql`(select 1) as one`)
  const inUse = { reports: Number(usage?.reports ?? 0), organizations: Number(usage?.organizations ?? 0) }
  if (inUse.reports > 0 || inUse.organizations > 0) {
    throw new AppError('conflict', { reason: 'admin.categoryInUse', message: categoryInUseMessage(inUse) })
  }
  try {
    const deleted = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id })
    if (deleted.length === 0) throw new AppError('not_found')
  } catch (error) {
    // A report filed in between: the foreign key refuses, and so do we.
    if (
      (error as { code?: string }).code === '23503' ||
      (error as { cause?: { code?: string } }).cause?.code === '23503'
    ) {
      throw new AppError('conflict', { reason: 'admin.categoryInUse' })
    }
    throw error
  }
}
