// Leaflet set up once for every map of the app. Import this module (never 'leaflet' directly)
// from code that is loaded on demand: Leaflet must stay out of the first download.
import 'leaflet/dist/leaflet.css'
import './leaflet.css'
import L from 'leaflet'
import markerIconUrl from 'leaflet/dist/images/marker-icon.png'
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png'
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png'

// Leaflet guesses its icon URLs from its CSS path, which a bundler rewrites: give them explicitly,
// served by the app itself (no third-party CDN).
delete (L.Icon.Default.prototype as { _getIconUrl?: unknown })._getIconUrl
L.Icon.Default.mergeOptions({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
})

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

export { L }
