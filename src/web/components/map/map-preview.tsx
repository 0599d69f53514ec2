import type { ReactNode } from 'react'
import { tileUrl } from '../../lib/config'
import {
  type LatLng,
  type Point,
  project,
  type Size,
  TILE_SIZE,
  tileAddress,
  unproject,
  viewOrigin,
  viewTiles,
} from '../../lib/web-mercator'

/** Leaflet's zoom buttons as a phone shows them (`.leaflet-touch .leaflet-bar a`), in a picture. */
export function ZoomButtonsPicture() {
  const button = 'flex size-[30px] items-center justify-center bg-white'
  return (
    <span className="flex flex-col overflow-hidden rounded border-2 border-black/20 font-mono text-[22px] font-bold text-black">
      <span className={`${button} border-b border-slate-300`}>+</span>
      <span className={button}>−</span>
    </span>
  )
}

/** OpenStreetMap's terms: its maps name it, with a link to its licence. */
const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright'

/** Where a place is drawn in the preview, in pixels from its top left. */
export type PlaceOnPreview = (at: LatLng) => Point

/** A tap on a preview: the point, from the map's top left, and the place under it. */
export interface MapTap {
  point: Point
  place: LatLng
}

/**
 * A map's first view as plain images and elements: the tiles Leaflet would show, at the places it
 * would show them, and whatever `children` draws at `place(…)`. It costs a phone a few
 * milliseconds where Leaflet costs it a second (the home's blocking time, docs/performance.md):
 * the live map is started when the visitor first touches it (`onWake`, given the tap, or `null`
 * when the keyboard pressed it).
 */
export function MapPreview({
  center,
  zoom,
  size,
  label,
  onWake,
  children,
  topLeft,
  corner,
}: {
  center: LatLng
  zoom: number
  size: Size
  /** The map's name, read aloud. */
  label: string
  onWake: (tap: MapTap | null) => void
  children?: (place: PlaceOnPreview) => ReactNode
  /** Drawn over the tiles in the top left corner, where Leaflet puts its zoom buttons: their picture. */
  topLeft?: ReactNode
  /** Drawn in the top right corner, where Leaflet puts its top right controls (the legend). */
  corner?: ReactNode
}) {
  const origin = viewOrigin(center, zoom, size)
  const place: PlaceOnPreview = (at) => {
    // Whole pixels, as Leaflet places its markers.
    const pixel = project(at, zoom)
    return { x: Math.round(pixel.x) - origin.x, y: Math.round(pixel.y) - origin.y }
  }
  const template = tileUrl()

  return (
    <div className="absolute inset-0 z-10 overflow-hidden bg-slate-100">
      {/* A tap wakes the live map; the map's owner gives it the tap (use-waking-map.ts). */}
      <button
        type="button"
        aria-label={label}
        className="absolute inset-0 block cursor-pointer overflow-hidden focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-blue-700"
        onClick={(event) => {
          // A click the keyboard made (Enter, Space) has no position: the focus goes into the live map.
          if (event.detail === 0) return onWake(null)
          const box = event.currentTarget.getBoundingClientRect()
          const point = { x: event.clientX - box.left, y: event.clientY - box.top }
          onWake({ point, place: unproject({ x: origin.x + point.x, y: origin.y + point.y }, zoom) })
        }}
      >
        {viewTiles(center, zoom, size).map((tile) => (
          <img
            key={`${tile.zoom}/${tile.x}/${tile.y}`}
            src={tileAddress(template, tile)}
            alt=""
            width={TILE_SIZE}
            height={TILE_SIZE}
            decoding="async"
            draggable={false}
            className="pointer-events-none absolute max-w-none select-none"
            style={{ left: tile.left, top: tile.top }}
          />
        ))}
        <span aria-hidden="true" className="pointer-events-none absolute inset-0 block">
          {children?.(place)}
        </span>
        {topLeft ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-2.5 left-2.5 flex flex-col gap-2.5"
          >
            {topLeft}
          </span>
        ) : null}
      </button>
      {corner ? <div className="absolute top-2.5 right-2.5">{corner}</div> : null}
      <p className="absolute right-0 bottom-0 bg-white/80 px-1.5 text-xs text-slate-800">
        ©{' '}
        <a href={OSM_COPYRIGHT_URL} className="text-blue-800 underline">
          OpenStreetMap
        </a>
      </p>
    </div>
  )
}
