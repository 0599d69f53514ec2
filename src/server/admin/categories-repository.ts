import { eq, sql } from 'drizzle-orm'
import type { AdminCategory, CategoryChange, CategoryInput } from '../../domain/admin'
import { categoryInUseMessage } from '../../domain/admin-rules'
import { categoryColumns, categoryOfRow, frenchOrder } from '../categories/repository'
import type { Db } from '../db/database'
import { categories, categoryOrganizations, reports } from '../db/schema'
import { isCheckViolation, isUniqueViolation } from '../db/values'
import { AppError } from '../errors'

/** The database's refusals a back-office user can mend: a name taken, or targets out of order. */
function refused(error: unknown): never {
  if (isUniqueViolation(error, 'categorie_nom_lower_key')) {
    throw new AppError('conflict', { reason: 'admin.categoryExists', field: 'nom' })
  }
  // One target changed alone, past the other one kept.
  if (isCheckViolation(error, 'categorie_targets_in_order')) {
    throw new AppError('invalid_input', {
      reason: 'admin.claimTargetAfterResolve',
      field: 'claim_target_hours',
    })
  }
  throw error
}

/** A category as the back-office reads it: its names and its targets (issue 30). */
const adminCategoryColumns = {
  ...categoryColumns,
  claim_target_hours: categories.claim_target_hours,
  resolve_target_hours: categories.resolve_target_hours,
}

function adminCategoryOf(row: {
  id: number
  nom: string
  nom_en: string
  nom_wo: string
  claim_target_hours: number
  resolve_target_hours: number
}): AdminCategory {
  return {
    ...categoryOfRow(row),
    claim_target_hours: row.claim_target_hours,
    resolve_target_hours: row.resolve_target_hours,
  }
}

/** The categories with their targets, in the order of the public list (by name, the French way). */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db.select(adminCategoryColumns).from(categories)
  return rows.map(adminCategoryOf).sort((a, b) => frenchOrder.compare(a.nom, b.nom) || a.id - b.id)
}

/** The columns of a category from what the back-office sent; drizzle leaves out the absent ones. */
function columnsOf({ nom, translations, claim_target_hours, resolve_target_hours }: CategoryChange) {
  return { nom, nom_en: translations?.en, nom_wo: translations?.wo, claim_target_hours, resolve_target_hours }
}

export async function createCategory(db: Db, input: CategoryInput): Promise<AdminCategory> {
  try {
    const [row] = await db
      .insert(categories)
      .values({ ...columnsOf(input), nom: input.nom })
      .returning(adminCategoryColumns)
    if (!row) throw new Error('insert returned no row')
    return adminCategoryOf(row)
  } catch (error) {
    refused(error)
  }
}

/**
 * Changes a category's names (reports keep the name they were filed with) or its targets (its
 * reports are late, or no longer, by the new ones from now on).
 */
export async function changeCategory(db: Db, id: number, change: CategoryChange): Promise<AdminCategory> {
  try {
    const [row] = await db
      .update(categories)
      .set(columnsOf(change))
      .where(eq(categories.id, id))
      .returning(adminCategoryColumns)
    if (!row) throw new AppError('not_found')
    return adminCategoryOf(row)
  } catch (error) {
    if (error instanceof AppError) throw error
    refused(error)
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
