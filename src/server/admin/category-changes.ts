import type { CategoryInput } from '../../domain/admin'
import type { Db } from '../db/database'
import type { EventBus } from '../events/event-bus'
import { createCategory, deleteCategory, renameCategory } from './categories-repository'

/**
 * The administrators' changes to the categories. Every instance draws the report form's page with
 * the categories and keeps it: each change is told on the bus, so that all of them draw it again.
 */
export function createCategoryChanges(deps: { db: Db; events: EventBus }) {
  const changed = () => deps.events.publish({ type: 'categories.changed' })
  return {
    async create(input: CategoryInput) {
      const category = await createCategory(deps.db, input)
      await changed()
      return category
    },
    async rename(id: number, input: CategoryInput) {
      const category = await renameCategory(deps.db, id, input)
      await changed()
      return category
    },
    async remove(id: number) {
      await deleteCategory(deps.db, id)
      await changed()
    },
  }
}

export type CategoryChanges = ReturnType<typeof createCategoryChanges>
