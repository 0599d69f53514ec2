// The arithmetic of a web map (Web Mercator, 256-pixel tiles), the same as Leaflet's: a map drawn
// from it before Leaflet is loaded shows the very tiles, places and box Leaflet will.

export const TILE_SIZE = 256
/** Web Mercator stops short of the poles. */
const MAX_LATITUDE = 85.0511287798

export interface Point {
  x: number
  y: number
}
export interface LatLng {
  latitude: number
  longitude: number
}
export interface Size {
  width: number
  height: number
}

const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom

/** A place's pixel on the whole world's map at this zoom. */
export function project({ latitude, longitude }: LatLng, zoom: number): Point {
  const sin = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180)
  return {
    x: worldSize(zoom) * (0.5 + longitude / 360),
    y: worldSize(zoom) * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)),
  }
}

/** The place at a pixel of the whole world's map at this zoom. */
export function unproject({ x, y }: Point, zoom: number): LatLng {
  const mercatorY = (0.5 - y / worldSize(zoom)) * 2 * Math.PI
  return {
    latitude: ((2 * Math.atan(Math.exp(mercatorY)) - Math.PI / 2) * 180) / Math.PI,
    longitude: (x / worldSize(zoom) - 0.5) * 360,
  }
}

/** A view of `size` pixels centred on a place: its top-left pixel on the world's map, rounded as Leaflet does. */
export function viewOrigin(center: LatLng, zoom: number, size: Size): Point {
  const middle = project(center, zoom)
  return { x: Math.round(middle.x - size.width / 2), y: Math.round(middle.y - size.height / 2) }
}

/** The view's edges in degrees: west, south, east, north. */
export function viewBounds(center: LatLng, zoom: number, size: Size): [number, number, number, number] {
  const origin = viewOrigin(center, zoom, size)
  const southWest = unproject({ x: origin.x, y: origin.y + size.height }, zoom)
  const northEast = unproject({ x: origin.x + size.width, y: origin.y }, zoom)
  return [southWest.longitude, southWest.latitude, northEast.longitude, northEast.latitude]
}

/** A tile of the view: its address and its place in the view, in pixels from the top left. */
export interface ViewTile {
  x: number
  y: number
  zoom: number
  left: number
  top: number
}

/** The tiles that cover a view, in rows from the top left. */
export function viewTiles(center: LatLng, zoom: number, size: Size): ViewTile[] {
  const origin = viewOrigin(center, zoom, size)
  const tilesPerSide = 2 ** zoom
  const tiles: ViewTile[] = []
  const firstY = Math.max(0, Math.floor(origin.y / TILE_SIZE))
  const lastY = Math.min(tilesPerSide - 1, Math.floor((origin.y + size.height - 1) / TILE_SIZE))
  const firstX = Math.floor(origin.x / TILE_SIZE)
  const lastX = Math.floor((origin.x + size.width - 1) / TILE_SIZE)
  for (let y = firstY; y <= lastY; y++) {
    for (let x = firstX; x <= lastX; x++) {
      tiles.push({ x, y, zoom, left: x * TILE_SIZE - origin.x, top: y * TILE_SIZE - origin.y })
    }
  }
  return tiles
}

/** A tile's address in a template such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. */
export function tileAddress(template: string, { x, y, zoom }: ViewTile): string {
  const tilesPerSide = 2 ** zoom
  // Around the world again past the date line, as Leaflet wraps its tiles.
  const wrappedX = ((x % tilesPerSide) + tilesPerSide) % tilesPerSide
  return template
    .replaceAll('{s}', 'abc'[Math.abs(wrappedX + y) % 3] ?? 'a')
    .replaceAll('{z}', String(zoom))
    .replaceAll('{x}', String(wrappedX))
    .replaceAll('{y}', String(y))
    .replaceAll('{r}', '')
}
