import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useOneTaskAfterAnother } from './use-one-task-after-another'

afterEach(() => vi.useRealTimers())

describe('useOneTaskAfterAnother', () => {
  it('shows the first part at once, then one more part each task, up to the last', async () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useOneTaskAfterAnother(3))
    expect(result.current).toBe(1)
    await act(() => vi.advanceTimersToNextTimerAsync())
    expect(result.current).toBe(2)
    await act(() => vi.advanceTimersToNextTimerAsync())
    expect(result.current).toBe(3)
    await act(() => vi.runAllTimersAsync())
    expect(result.current).toBe(3)
  })
})
