import { useEffect, useState } from 'react'

/**
 * How many of `parts` parts of a map to show: one more each task. Leaflet builds a part's
 * elements as soon as it is added, all in one task: added at once, a map held a cheap phone for
 * about 190 ms (four times slowed down), deaf to taps; part by part (the map, its tiles, its
 * controls and markers), no task is that long.
 */
export function useOneTaskAfterAnother(parts: number): number {
  const [shown, setShown] = useState(1)
  useEffect(() => {
    if (shown >= parts) return
    const timer = setTimeout(() => setShown(shown + 1), 0)
    return () => clearTimeout(timer)
  }, [shown, parts])
  return shown
}
