import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Pagination } from './pagination'

const full = Array.from({ length: 10 }, (_, index) => index)

describe('Pagination', () => {
  it('counts the pages of a counted list and stops at the last', async () => {
    const onPageChange = vi.fn()
    render(
      <Pagination page={3} pageSize={10} total={25} items={full.slice(0, 5)} onPageChange={onPageChange} />,
    )
    expect(screen.getByText('Page 3 / 3')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Suivant/ })).toBeDisabled()
    await userEvent.setup().click(screen.getByRole('button', { name: /Précédent/ }))
    expect(onPageChange).toHaveBeenCalledWith(2, 'previous')
  })

  it('reads "sur plus de" for a capped search, and goes on past the counted pages while they come full', async () => {
    const onPageChange = vi.fn()
    const { rerender } = render(
      <Pagination
        page={100}
        pageSize={10}
        total={1000}
        totalCapped
        items={full}
        onPageChange={onPageChange}
      />,
    )
    expect(screen.getByText('Page 100 sur plus de 100')).toBeInTheDocument()
    const next = screen.getByRole('button', { name: /Suivant/ })
    expect(next).toBeEnabled()
    await userEvent.setup().click(next)
    expect(onPageChange).toHaveBeenCalledWith(101, 'next')

    // A page that does not come full is the search's last.
    rerender(
      <Pagination
        page={101}
        pageSize={10}
        total={1000}
        totalCapped
        items={full.slice(0, 4)}
        onPageChange={onPageChange}
      />,
    )
    expect(screen.getByText('Page 101 sur plus de 100')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Suivant/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Précédent/ })).toBeEnabled()
  })
})
