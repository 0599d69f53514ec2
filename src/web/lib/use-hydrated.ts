import { useEffect, useState } from 'react'

/** True once the app has taken over the page: screens mounted after that are drawn by the browser alone. */
let appHydrated = false

/**
 * False on the server and during the render that takes over its HTML, true from the next one:
 * what only a browser can draw (the Leaflet maps) waits for it, so that the app's first render
 * matches the server's HTML. Screens opened later in the app get true at once.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated)
  useEffect(() => {
    appHydrated = true
    setHydrated(true)
  }, [])
  return hydrated
}
