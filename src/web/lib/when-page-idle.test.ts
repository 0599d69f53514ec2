import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenPageIdle } from './when-page-idle'

function pageStillLoading() {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
}

describe('whenPageIdle', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  it('waits for the page to load, then for a quiet moment', () => {
    vi.useFakeTimers()
    pageStillLoading()
    const task = vi.fn()
    whenPageIdle(task)
    vi.runAllTimers()
    expect(task).not.toHaveBeenCalled()

    window.dispatchEvent(new Event('load'))
    expect(task).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(task).toHaveBeenCalledOnce()
  })

  it('runs soon on a page already loaded', () => {
    vi.useFakeTimers()
    const task = vi.fn()
    whenPageIdle(task)
    vi.runAllTimers()
    expect(task).toHaveBeenCalledOnce()
  })

  it('never runs once cancelled', () => {
    vi.useFakeTimers()
    pageStillLoading()
    const task = vi.fn()
    const cancel = whenPageIdle(task)
    cancel()
    window.dispatchEvent(new Event('load'))
    vi.runAllTimers()
    expect(task).not.toHaveBeenCalled()
  })
})
