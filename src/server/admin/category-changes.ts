import type { CategoryChange, CategoryInput } from '../../domain/admin'
import type { Db } from '../db/database'
import type { EventBus } from '../events/event-bus'
import { changeCategory, createCategory, deleteCategory } from './categories-repository'

/**
 * The administrators' changes to the categories. Every instance server-renders the report form's
 * page with the categories and keeps it: each change is told on the bus, so that all of them
 * render it again.
 */
export function createCategoryChanges(deps: { db: Db; events: EventBus }) {
  const changed = () => deps.events.publish({ type: 'categories.changed' })
  return {
    async create(input: CategoryInput) {
      const category = await createCategory(deps.db, input)
      await changed()
      return category
    },
    async change(id: number, change: CategoryChange) {
      const category = await changeCategory(deps.db, id, change)
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
