import { useCallback, useEffect, useState } from 'react'
import { type Page, type PageCursor, pageCount } from '../../domain/pagination-rules'

const NO_CURSOR: PageCursor = {}

/** Which neighbour of the page on screen was asked for ("Précédent" or "Suivant"). */
export type PageDirection = 'next' | 'previous'

/**
 * The page of a server-paginated list and the cursor that leads to it (a search's keyset
 * cursor, see `cursorTowards`), back to page 1 without a cursor whenever its filters change.
 */
export function useListPage(filtersKey: string) {
  const [state, setState] = useState<{ filtersKey: string; page: number; cursor: PageCursor }>({
    filtersKey,
    page: 1,
    cursor: NO_CURSOR,
  })
  const current = state.filtersKey === filtersKey ? state : { page: 1, cursor: NO_CURSOR }
  const setPage = useCallback(
    (next: number, cursor: PageCursor = NO_CURSOR) => setState({ filtersKey, page: next, cursor }),
    [filtersKey],
  )
  return [current.page, setPage, current.cursor] as const
}

/**
 * The cursor from the page on screen to its neighbour, for the server to read only the rows it
 * shows. None when the data on screen is another page's (the asked one still loading: its cursors
 * would lead elsewhere), when it has none (not a search), or towards page 1, which needs none.
 */
export function cursorTowards(
  data: Pick<Page<unknown>, 'page' | 'next' | 'previous'> | undefined,
  page: number,
  direction: PageDirection | undefined,
): PageCursor {
  if (!data || data.page !== page || !direction) return {}
  if (direction === 'next') return data.next ? { after: data.next } : {}
  return data.previous && page - 1 > 1 ? { before: data.previous } : {}
}

/**
 * Back to the last page when the list shrank under the current one (a report claimed elsewhere).
 * A capped search's total is not its length (the list goes on past it): an empty page of it is
 * left as it is rather than sent back to the last counted page.
 */
export function useClampedPage(
  page: number,
  setPage: (page: number) => void,
  data: { total: number; pageSize: number; items: unknown[]; totalCapped?: boolean } | undefined,
) {
  useEffect(() => {
    if (!data || data.items.length > 0 || data.totalCapped) return
    const last = pageCount(data.total, data.pageSize)
    if (page > last) setPage(last)
  }, [data, page, setPage])
}
