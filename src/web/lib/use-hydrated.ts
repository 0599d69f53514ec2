import { useEffect, useState } from 'react'

/**
 * False on the server and during the render that takes over its HTML, true from the next one:
 * what only a browser can draw (the Leaflet maps) waits for it, so that the app's first render
 * matches the server's HTML. On a page the browser draws alone, it costs one quick render more.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
