/** Paging through the API's lists, without zod (the rules half of pagination.ts). */

/** Every list of the API: one page of items and what it takes to page through them. */
export interface Page<T> {
  items: T[]
  /** How many items the list holds; for a search, at most SEARCH_COUNT_LIMIT (see `totalCapped`). */
  total: number
  page: number
  pageSize: number
  /** A search that matches more than SEARCH_COUNT_LIMIT reports: `total` is that limit, the list goes on. */
  totalCapped?: boolean
  /**
   * A search's page: where the next and the previous pages start (opaque keyset cursors, sent back
   * as `after` and `before`), so that paging on reads only the rows it shows, however deep.
   */
  next?: string
  previous?: string
}

/** The cursors of a search page, as the API reads them: `after` the next page's, `before` the previous one's. */
export interface PageCursor {
  after?: string
  before?: string
}

/** What the API answers (400) to a cursor it did not give: a link kept too long, or edited. */
export const PAGE_CURSOR_INVALID =
  'Cette page de résultats n’est plus valide : reprenez la recherche depuis la première page.'

/** An opaque cursor of the API: base64url, never long. */
export const PAGE_CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,200}$/

/** Page numbers start at 1; beyond the last page a list is empty, never an error. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** Whether a page is followed by another: past a capped total, as long as pages come full. */
export function hasNextPage(
  page: Pick<Page<unknown>, 'items' | 'total' | 'page' | 'pageSize' | 'totalCapped'>,
) {
  if (page.totalCapped) return page.items.length === page.pageSize
  return page.page < pageCount(page.total, page.pageSize)
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize
}
