/**
 * Runs `task` once the page has loaded and the browser has a quiet moment: for what no first
 * paint needs (a phone's CPU goes to drawing the page first). Returns a function that cancels it.
 */
export function whenPageIdle(task: () => void): () => void {
  let cancelled = false
  let idleHandle: number | undefined
  const run = () => {
    if (cancelled) return
    // Browsers without requestIdleCallback (Safari) get the next turn of the event loop.
    if ('requestIdleCallback' in window) idleHandle = window.requestIdleCallback(task, { timeout: 2000 })
    else idleHandle = globalThis.setTimeout(task, 0) as unknown as number
  }
  if (document.readyState === 'complete') run()
  else window.addEventListener('load', run, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', run)
    if (idleHandle === undefined) return
    if ('cancelIdleCallback' in window) window.cancelIdleCallback(idleHandle)
    else globalThis.clearTimeout(idleHandle)
  }
}
