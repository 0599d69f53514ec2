import { useCallback, useEffect, useState } from 'react'
import { pageCount } from '../../domain/pagination-rules'

/** The page of a server-paginated list, back to 1 whenever its filters change. */
export function useListPage(filtersKey: string) {
  const [state, setState] = useState({ filtersKey, page: 1 })
  const page = state.filtersKey === filtersKey ? state.page : 1
  const setPage = useCallback((next: number) => setState({ filtersKey, page: next }), [filtersKey])
  return [page, setPage] as const
}

/** Back to the last page when the list shrank under the current one (a report claimed elsewhere). */
export function useClampedPage(
  page: number,
  setPage: (page: number) => void,
  data: { total: number; pageSize: number; items: unknown[] } | undefined,
) {
  useEffect(() => {
    if (!data || data.items.length > 0) return
    const last = pageCount(data.total, data.pageSize)
    if (page > last) setPage(last)
  }, [data, page, setPage])
}
