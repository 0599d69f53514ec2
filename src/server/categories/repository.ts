import type { Category } from '../../domain/category'
import type { Db } from '../db/database'
import { categories } from '../db/schema'

const frenchOrder = new Intl.Collator('fr', { sensitivity: 'base' })

/** Ordered by name as a French reader expects ("Éclairage" with the E's), whatever the database collation. */
export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db.select({ id: categories.id, nom: categories.nom }).from(categories)
  return rows.sort((a, b) => frenchOrder.compare(a.nom, b.nom))
}
