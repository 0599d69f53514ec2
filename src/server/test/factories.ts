// Rows written straight to the database, so that read tests do not depend on write routes.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/database'
import { categories, reports } from '../db/schema'

let sequence = 0

export async function insertReport(
  db: Db,
  fields: Partial<typeof reports.$inferInsert> & { categoryName?: string } = {},
) {
  const { categoryName = 'Voirie', ...rest } = fields
  const [category] = await db.select().from(categories).where(eq(categories.nom, categoryName))
  if (!category) throw new Error(`unknown category ${categoryName}`)
  sequence += 1
  const [row] = await db
    .insert(reports)
    .values({
      anonymous_code: randomBytes(4).toString('hex').toUpperCase(),
      category_id: category.id,
      type: category.nom,
      description: `Description du signalement numéro ${sequence}`,
      latitude: 14.6928,
      longitude: -17.4467,
      department: 'Dakar',
      ...rest,
    })
    .returning()
  if (!row) throw new Error('insert failed')
  return row
}
