import { type ReactNode, useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useMap } from 'react-leaflet'
import { L } from '../../lib/leaflet'

/**
 * A corner of the map rendered by React: a Leaflet control (Leaflet stacks it with the zoom buttons
 * and the attribution, so that none covers another) whose content is `children`. A tap or a
 * scroll on it stays on it and never moves the map beneath.
 */
export function MapControl({
  position,
  className = 'leaflet-control',
  children,
}: {
  position: L.ControlPosition
  className?: string
  children: ReactNode
}) {
  const map = useMap()
  const [container, setContainer] = useState<HTMLElement | null>(null)

  useEffect(() => {
    const control = new L.Control({ position })
    control.onAdd = () => {
      const element = L.DomUtil.create('div', className)
      L.DomEvent.disableClickPropagation(element)
      L.DomEvent.disableScrollPropagation(element)
      return element
    }
    control.addTo(map)
    setContainer(control.getContainer() ?? null)
    return () => {
      control.remove()
    }
  }, [map, position, className])

  return container ? createPortal(children, container) : null
}
