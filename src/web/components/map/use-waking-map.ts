import { useCallback, useEffect, useRef, useState } from 'react'
import type { MapTap } from './map-preview'

/**
 * A map's life: its still preview (map-preview.tsx); the live map (Leaflet) being started under
 * the preview after a touch; the live map alone, once it has drawn what the preview showed.
 */
export type MapStage = 'preview' | 'waking' | 'live'

/**
 * A loader of a live map's module that may be called again after a failure (offline before the
 * service worker kept the file): React's `lazy` keeps a failed import for good.
 */
export function importAgainOnFailure<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
}

/**
 * The stages of a map whose Leaflet is started at the first touch of its preview. `wake` fetches
 * the live map's code (`load`) and starts it under the preview; a failed fetch leaves the preview,
 * and the next touch tries again. The live map calls `showLive` once drawn: the preview goes, and
 * the touch is handed on (`onLive`, with the map's box: a tap, or `null` for the keyboard).
 */
export function useWakingMap(
  load: () => Promise<unknown>,
  onLive: (box: HTMLElement, tap: MapTap | null) => void,
) {
  const [stage, setStage] = useState<MapStage>('preview')
  // A ref, not state: a state set by the element's ref during the commit that hydrates the
  // server's page is rendered at once in that same task, with every pending effect run before it.
  const boxRef = useRef<HTMLElement | null>(null)
  // The touch that woke the map, until the live map receives it.
  const touch = useRef<{ tap: MapTap | null } | null>(null)

  const wake = useCallback(
    (tap: MapTap | null) => {
      touch.current = { tap }
      load().then(
        () => setStage((current) => (current === 'preview' ? 'waking' : current)),
        () => {},
      )
    },
    [load],
  )
  const showLive = useCallback(() => setStage('live'), [])

  useEffect(() => {
    const box = boxRef.current
    if (stage !== 'live' || !box || !touch.current) return
    onLive(box, touch.current.tap)
    touch.current = null
  }, [stage, onLive])

  return { stage, wake, showLive, boxRef }
}

/** Woken by the keyboard, the focus goes into the live map: the map itself if it takes keys, else its first control. */
export function focusLiveMap(box: HTMLElement) {
  const map = box.querySelector<HTMLElement>('.leaflet-container[tabindex="0"]')
  ;(map ?? box.querySelector<HTMLElement>('.leaflet-control a, .leaflet-control button'))?.focus()
}
