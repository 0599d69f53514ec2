import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { cursorTowards, useClampedPage } from './use-list-page'

describe('useClampedPage', () => {
  it('sends an emptied counted list back to its last page', () => {
    const setPage = vi.fn()
    renderHook(() => useClampedPage(5, setPage, { items: [], total: 25, pageSize: 10 }))
    expect(setPage).toHaveBeenCalledWith(3)
  })

  it('leaves a capped search where it is: its count is not its length', () => {
    const setPage = vi.fn()
    renderHook(() =>
      useClampedPage(150, setPage, { items: [], total: 1000, pageSize: 10, totalCapped: true }),
    )
    expect(setPage).not.toHaveBeenCalled()
  })
})

describe('cursorTowards', () => {
  const shown = { page: 3, next: 'vers-4', previous: 'vers-2' }

  it('leads from the page on screen to the asked neighbour', () => {
    expect(cursorTowards(shown, 3, 'next')).toEqual({ after: 'vers-4' })
    expect(cursorTowards(shown, 3, 'previous')).toEqual({ before: 'vers-2' })
  })

  it('gives none when the data on screen is another page’s, towards page 1, or without cursors', () => {
    expect(cursorTowards(shown, 4, 'next')).toEqual({})
    expect(cursorTowards({ page: 2, previous: 'vers-1' }, 2, 'previous')).toEqual({})
    expect(cursorTowards({ page: 3 }, 3, 'next')).toEqual({})
  })
})
