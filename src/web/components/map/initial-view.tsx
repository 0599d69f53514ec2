import { useLayoutEffect, useState } from 'react'
import { useMap } from 'react-leaflet'

/**
 * Sets the map's first view. Given to `MapContainer`, the centre and zoom are set in the same task
 * as the map's creation, which together held a cheap phone for about 110 ms (four times slowed
 * down); set by this part, shown one task after the map, each half is short. Leaflet adds the
 * other layers once the view is set, whatever order they come in.
 */
export function InitialView({ center, zoom }: { center: [number, number]; zoom: number }) {
  const map = useMap()
  // The first centre only: later positions move the map through the parts that follow them.
  const [initial] = useState({ center, zoom })
  useLayoutEffect(() => {
    map.setView(initial.center, initial.zoom)
  }, [map, initial])
  return null
}
