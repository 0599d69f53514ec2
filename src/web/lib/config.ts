import { TILE_URL_META } from './page-markup'
/** The tile server used when nothing else is configured (the server's TILE_URL default too). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

/**
 * The map tile URL template ({z}/{x}/{y}). The server writes its TILE_URL into a meta tag of every
 * page; a build may also fix one with VITE_TILE_URL (useful with `vite` alone in development).
 */
export function tileUrl(): string {
  const fromServer = document.querySelector<HTMLMetaElement>(`meta[name="${TILE_URL_META}"]`)?.content?.trim()
  if (fromServer) return fromServer
  const fromBuild = import.meta.env.VITE_TILE_URL?.trim()
  return fromBuild || DEFAULT_TILE_URL
}
