import { useSize } from '@radix-ui/react-use-size'
import { startTransition, useCallback, useDeferredValue, useState } from 'react'
import type { Size } from '../../lib/web-mercator'

/**
 * The size of a map's box in whole pixels, as Leaflet reads it, for a map's preview: give the ref
 * to the box. It is measured in a layout effect, whose update React would render at once in the same
 * task (a preview's tiles, markers and queries: 440 ms in one task of a phone four times slower
 * than this machine); deferred, the preview is rendered in slices a tap can come between.
 */
export function useMapSize(): [(box: HTMLElement | null) => void, Size | undefined] {
  const [box, setBox] = useState<HTMLElement | null>(null)
  // Given by the element's ref during a commit: set outside a transition, the box would be rendered
  // again at once, in that commit's task, with every pending effect run before it.
  const giveBox = useCallback((element: HTMLElement | null) => startTransition(() => setBox(element)), [])
  const measured = useDeferredValue(useSize(box))
  return [
    giveBox,
    measured ? { width: Math.round(measured.width), height: Math.round(measured.height) } : undefined,
  ]
}
