/** The tile server used when nothing else is configured (the server's TILE_URL default too). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

/**
 * The map tile URL template ({z}/{x}/{y}). The server writes its TILE_URL into a
 * `<meta name="tile-url">` tag of index.html at run time; a build may also fix one with
 * VITE_TILE_URL (useful with `vite` alone in development).
 */
export function tileUrl(): string {
  const fromServer = document.querySelector<HTMLMetaElement>('meta[name="tile-url"]')?.content?.trim()
  if (fromServer) return fromServer
  const fromBuild = import.meta.env.VITE_TILE_URL?.trim()
  return fromBuild || DEFAULT_TILE_URL
}
