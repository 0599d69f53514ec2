import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MapLoading } from '../../../components/map/map-loading'
import { useLocationStore } from '../../../lib/location-store'
import { useHydrated } from '../../../lib/use-hydrated'
import type { Point } from '../../../lib/web-mercator'
import type { Bbox } from '../api/get-map-reports'

const HomeMapPreview = lazy(() => import('./home-map-preview'))
// Leaflet is the heaviest part of the page, and starting it held a cheap phone for about a second
// (docs/performance.md): it is fetched and started when the visitor first touches the map. A
// failed fetch (offline before the service worker kept it) leaves the preview, and the next
// touch tries again.
let liveMap: Promise<typeof import('./home-map-view')> | undefined
const loadLiveMap = () => {
  liveMap ??= import('./home-map-view').catch((error: unknown) => {
    liveMap = undefined
    throw error
  })
  return liveMap
}
const HomeMapView = lazy(loadLiveMap)

/**
 * The map's life: its still preview; the live map being started under the preview after a touch;
 * the live map alone.
 */
type Stage = 'preview' | 'waking' | 'live'

/** A touch on the preview, given to the live map once it is there. */
interface Wake {
  /** The tapped point, from the map's top left; `null` when woken by the keyboard. */
  tap: Point | null
}

/** The half-screen map of the home page, centred on the visitor once the position is known. */
export function HomeMap({ onViewChange }: { onViewChange: (bbox: Bbox) => void }) {
  const { t } = useTranslation()
  const hasDeviceLocation = useLocationStore((state) => state.hasDeviceLocation)
  const error = useLocationStore((state) => state.error)
  const requestLocation = useLocationStore((state) => state.requestLocation)
  // Known: the device told us, or it could not and Dakar stands in (SPEC.md section 4). The map
  // is drawn in a browser only: the server draws the loading state, and so does the app's first
  // render; once known, the map is drawn in slices that a tap can come between.
  const hydrated = useHydrated()
  const positionKnown = useDeferredValue(hydrated && (hasDeviceLocation || error !== null))
  const [section, setSection] = useState<HTMLElement | null>(null)
  const [stage, setStage] = useState<Stage>('preview')
  const wakeRef = useRef<Wake | null>(null)

  useEffect(() => {
    if (!useLocationStore.getState().hasDeviceLocation) void requestLocation()
  }, [requestLocation])

  const wake = useCallback((tap: Point | null) => {
    wakeRef.current = { tap }
    loadLiveMap().then(
      () => setStage((current) => (current === 'preview' ? 'waking' : current)),
      () => {},
    )
  }, [])
  const showLive = useCallback(() => setStage('live'), [])

  useEffect(() => {
    if (stage !== 'live' || !section || !wakeRef.current) return
    passOnTheTouch(section, wakeRef.current)
    wakeRef.current = null
  }, [stage, section])

  return (
    <section ref={setSection} aria-label={t('map.label')} className="relative isolate h-full w-full">
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
 * The touch that woke the map, given to the live map: a tap on a report or a group does what it
 * does there (the popup, the zoom); woken by the keyboard, the focus goes into the live map.
 */
function passOnTheTouch(section: HTMLElement, { tap }: Wake) {
  if (!tap) {
    section.querySelector<HTMLElement>('.leaflet-control a, .leaflet-control button')?.focus()
    return
  }
  const box = section.getBoundingClientRect()
  const x = box.left + tap.x
  const y = box.top + tap.y
  const marker = document.elementFromPoint(x, y)?.closest('.leaflet-marker-icon')
  marker?.dispatchEvent(
    new MouseEvent('click', { bubbles: true, cancelable: true, clientX: x, clientY: y, view: window }),
  )
}
