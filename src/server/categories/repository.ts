import type { Category } from '../../domain/category'
import type { Db } from '../db/database'
import { categories } from '../db/schema'

/** Names in the order a French reader expects ("Éclairage" with the E's): the form's categories, the statistics'. */
export const frenchOrder = new Intl.Collator('fr', { sensitivity: 'base' })

/** What a category's row reads as in the API: its French name and its translations. */
export const categoryColumns = {
  id: categories.id,
  nom: categories.nom,
  nom_en: categories.nom_en,
  nom_wo: categories.nom_wo,
}

export function categoryOfRow(row: { id: number; nom: string; nom_en: string; nom_wo: string }): Category {
  return { id: row.id, nom: row.nom, translations: { en: row.nom_en, wo: row.nom_wo } }
}

/** Ordered by name as a French reader expects ("Éclairage" with the E's), whatever the database collation. */
export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db.select(categoryColumns).from(categories)
  return rows.map(categoryOfRow).sort((a, b) => frenchOrder.compare(a.nom, b.nom) || a.id - b.id)
}
