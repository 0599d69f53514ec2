import { eq, sql } from 'drizzle-orm'
import type { CategoryInput } from '../../domain/admin'
import { categoryInUseMessage } from '../../domain/admin-rules'
import type { Category } from '../../domain/category'
import { categoryColumns, categoryOfRow } from '../categories/repository'
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

/** The columns of a category's names, from what the back-office sent (absent: unchanged). */
function namesOf({ nom, translations }: CategoryInput) {
  return {
    nom,
    ...(translations?.en === undefined ? {} : { nom_en: translations.en }),
    ...(translations?.wo === undefined ? {} : { nom_wo: translations.wo }),
  }
}

export async function createCategory(db: Db, input: CategoryInput): Promise<Category> {
  try {
    const [row] = await db.insert(categories).values(namesOf(input)).returning(categoryColumns)
    if (!row) throw new Error('insert returned no row')
    return categoryOfRow(row)
  } catch (error) {
    nameTaken(error)
  }
}

/** Renames a category (and its translations, when given); reports keep the name they were filed with. */
export async function renameCategory(db: Db, id: number, input: CategoryInput): Promise<Category> {
  try {
    const [row] = await db
      .update(categories)
      .set(namesOf(input))
      .where(eq(categories.id, id))
      .returning(categoryColumns)
    if (!row) throw new AppError('not_found')
    return categoryOfRow(row)
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
