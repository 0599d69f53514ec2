import { lazy, Suspense, useDeferredValue, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { MapLoading } from '../../../components/map/map-loading'
import type { MapTap } from '../../../components/map/map-preview'
import { focusLiveMap, importAgainOnFailure, useWakingMap } from '../../../components/map/use-waking-map'
import { useLocationStore } from '../../../lib/location-store'
import { useHydrated } from '../../../lib/use-hydrated'
import type { Bbox } from '../api/get-map-reports'

const HomeMapPreview = lazy(() => import('./home-map-preview'))
// Leaflet is the heaviest part of the page, and starting it held a cheap phone for about a second
// (docs/performance.md): it is fetched and started when the visitor first touches the map.
const loadLiveMap = importAgainOnFailure(() => import('./home-map-view'))
const HomeMapView = lazy(loadLiveMap)

/** The half-screen map of the home page, centred on the visitor once the position is known. */
export function HomeMap({ onViewChange }: { onViewChange: (bbox: Bbox) => void }) {
  const { t } = useTranslation()
  const hasDeviceLocation = useLocationStore((state) => state.hasDeviceLocation)
  const error = useLocationStore((state) => state.error)
  const requestLocation = useLocationStore((state) => state.requestLocation)
  // Known: the device told us, or it could not and Dakar stands in (SPEC.md section 4). The map
  // is drawn in a browser only: the server renders the loading state, and so does the app's first
  // render; once known, the map is rendered in slices that a tap can come between.
  const hydrated = useHydrated()
  const positionKnown = useDeferredValue(hydrated && (hasDeviceLocation || error !== null))
  const { stage, wake, showLive, boxRef } = useWakingMap(loadLiveMap, passOnTheTouch)

  useEffect(() => {
    if (!useLocationStore.getState().hasDeviceLocation) void requestLocation()
  }, [requestLocation])

  return (
    <section ref={boxRef} aria-label={t('map.label')} className="relative isolate h-full w-full">
      {positionKnown ? (
        <>
          {stage !== 'preview' ? (
            <div className="absolute inset-0 isolate">
              <Suspense fallback={null}>
                <HomeMapView onViewChange={onViewChange} onReady={showLive} />
              </Suspense>
            </div>
          ) : null}
          {stage !== 'live' ? (
            <Suspense fallback={<MapLoading className="bg-slate-100" />}>
              <HomeMapPreview onViewChange={onViewChange} onWake={wake} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <MapLoading className="bg-slate-100" />
      )}
    </section>
  )
}

/**
 * The touch that woke the map, given to the live map: a tap on a report, a group or a button does
 * what it does there (the popup, the zoom, the recentring); woken by the keyboard, the focus goes
 * into the live map.
 */
function passOnTheTouch(box: HTMLElement, tap: MapTap | null) {
  if (!tap) return focusLiveMap(box)
  const { left, top } = box.getBoundingClientRect()
  const x = left + tap.point.x
  const y = top + tap.point.y
  const tapped = document
    .elementFromPoint(x, y)
    ?.closest('.leaflet-marker-icon, .leaflet-control a, .leaflet-control button')
  tapped?.dispatchEvent(
    new MouseEvent('click', { bubbles: true, cancelable: true, clientX: x, clientY: y, view: window }),
  )
}
