import { useState } from 'react'
import { useMapEvents } from 'react-leaflet'
import type { L } from '../../lib/leaflet'
import { LegendPanel, legendOpenAtFirst } from './legend-panel'
import { MapControl } from './map-control'

/**
 * Where a popup stops when the map pans to show it whole: below the folded legend (10 px of
 * margin, a 28 px button) and its own 10 px, so that its × is never under the legend.
 */
export const POPUP_AUTO_PAN_TOP_LEFT: L.PointTuple = [5, 48]

/**
 * What the colours mean, in the map's top right corner. Folded behind a "Légende" button on a
 * phone, open on a wider screen; a popup that opens folds it, so that the legend never hides the
 * popup's ×.
 */
export function MapLegend({ showsPosition = false }: { showsPosition?: boolean }) {
  const [open, setOpen] = useState(legendOpenAtFirst)
  useMapEvents({ popupopen: () => setOpen(false) })

  return (
    <MapControl position="topright" className="leaflet-control map-legend">
      <LegendPanel
        open={open}
        onToggle={() => setOpen((wasOpen) => !wasOpen)}
        showsPosition={showsPosition}
      />
    </MapControl>
  )
}
