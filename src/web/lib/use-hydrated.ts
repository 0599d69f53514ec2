import { startTransition, useEffect, useState } from 'react'

/** True once the app has hydrated the page: screens mounted after that are rendered by the browser alone. */
let appHydrated = false

/** Whether the app has hydrated the page (false on the server). */
export function isAppHydrated(): boolean {
  return appHydrated
}

/**
 * False on the server and during the render that hydrates its HTML, true from the next one:
 * what only a browser can render (the Leaflet maps) waits for it, so that the app's first render
 * matches the server's HTML. Screens opened later in the app get true at once.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated)
  useEffect(() => {
    appHydrated = true
    // As a transition: rendered in slices a tap can come between. Set from an effect, the update
    // would otherwise be rendered in one task, and on a page that hydrates many parts at once that
    // task held a cheap phone for 100 ms and more.
    startTransition(() => setHydrated(true))
  }, [])
  return hydrated
}
