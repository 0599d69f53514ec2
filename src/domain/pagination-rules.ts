/** Paging through the API's lists, without zod (the rules half of pagination.ts). */

/** Every list of the API: one page of items and what it takes to page through them. */
export interface Page<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

/** Page numbers start at 1; beyond the last page a list is empty, never an error. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize
}
