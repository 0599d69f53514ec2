import { lazy, Suspense, useDeferredValue, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { MapLoading } from '../../../components/map/map-loading'
import { useLocationStore } from '../../../lib/location-store'
import { useHydrated } from '../../../lib/use-hydrated'
import type { Bbox } from '../api/get-map-reports'

// Leaflet is the heaviest part of the page: it is fetched after the first paint, in parallel
// with the position request, and never blocks the list below.
let mapView: Promise<typeof import('./home-map-view')> | undefined
const loadMapView = () => {
  mapView ??= import('./home-map-view')
  return mapView
}
const HomeMapView = lazy(loadMapView)

/** The half-screen map of the home page, centred on the visitor once the position is known. */
export function HomeMap({ onViewChange }: { onViewChange: (bbox: Bbox) => void }) {
  const { t } = useTranslation()
  const hasDeviceLocation = useLocationStore((state) => state.hasDeviceLocation)
  const error = useLocationStore((state) => state.error)
  const requestLocation = useLocationStore((state) => state.requestLocation)
  // Known: the device told us, or it could not and Dakar stands in (SPEC.md section 4). Leaflet
  // only runs in a browser: the server draws the loading state, and so does the app's first render.
  const hydrated = useHydrated()
  // Drawing the map is long work for a cheap phone: deferred, it is done in slices that a tap can
  // come between, not in the same task as the position's arrival.
  const positionKnown = useDeferredValue(hydrated && (hasDeviceLocation || error !== null))

  useEffect(() => {
    if (!useLocationStore.getState().hasDeviceLocation) void requestLocation()
    // In a task of its own: asking for the map's files adds a link per file to the page, which
    // held a cheap phone about 40 ms on top of the other effects of the page's takeover.
    const timer = setTimeout(() => void loadMapView(), 0)
    return () => clearTimeout(timer)
  }, [requestLocation])

  return (
    <section aria-label={t('map.label')} className="isolate h-full w-full">
      {positionKnown ? (
        <Suspense fallback={<MapLoading className="bg-slate-100" />}>
          <HomeMapView onViewChange={onViewChange} />
        </Suspense>
      ) : (
        <MapLoading className="bg-slate-100" />
      )}
    </section>
  )
}
