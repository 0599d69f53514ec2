/**
 * Runs `task` once the page has loaded and the browser has a quiet moment: for what no first
 * paint needs (a phone's CPU goes to rendering the page first). Returns a function that cancels it.
 */
export function whenPageIdle(task: () => void): () => void {
  let cancelled = false
  let cancelScheduled = () => {}
  const run = () => {
    if (cancelled) return
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(task, { timeout: 2000 })
      cancelScheduled = () => window.cancelIdleCallback(handle)
    } else {
      // Browsers without requestIdleCallback (Safari): the next turn of the event loop.
      const handle = setTimeout(task, 0)
      cancelScheduled = () => clearTimeout(handle)
    }
  }
  if (document.readyState === 'complete') run()
  else window.addEventListener('load', run, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', run)
    cancelScheduled()
  }
}
