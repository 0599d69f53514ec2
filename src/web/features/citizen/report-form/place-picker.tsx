import { useQuery } from '@tanstack/react-query'
import LocateFixed from 'lucide-react/icons/locate-fixed'
import MapPin from 'lucide-react/icons/map-pin'
import { lazy, Suspense, startTransition, useCallback, useDeferredValue, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { GEOCODE_CACHE_DECIMALS } from '../../../../domain/geocoding-rules'
import { formatCoordinates } from '../../../../domain/location'
import { ADDRESS_MAX_LENGTH, DAKAR_REGION_DEPARTMENTS } from '../../../../domain/report-filing-rules'
import { MapLoading } from '../../../components/map/map-loading'
import type { MapTap } from '../../../components/map/map-preview'
import { focusLiveMap, importAgainOnFailure, useWakingMap } from '../../../components/map/use-waking-map'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Spinner } from '../../../components/ui/spinner'
import '../../../i18n/deferred/fr'
import { useLocationStore } from '../../../lib/location-store'
import { reverseGeocodeQueryOptions } from '../../../lib/reverse-geocode'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { useHydrated } from '../../../lib/use-hydrated'
import type { MapPosition } from './place-map'

// The map is a still preview until touched: Leaflet, which held a cheap phone for most of a second
// as the form opened, is fetched and started at the first touch (docs/performance.md).
const PlaceMapPreview = lazy(() => import('./place-map-preview'))
const loadLiveMap = importAgainOnFailure(() => import('./place-map'))
const PlaceMap = lazy(loadLiveMap)

/** Woken by the keyboard, the focus goes into the live map, whose arrows move it; a tap has moved the pin already. */
function focusOnKeyboard(box: HTMLElement, tap: MapTap | null) {
  if (!tap) focusLiveMap(box)
}

/** Reverse geocoding waits until the pin has settled. */
const GEOCODE_DEBOUNCE_MS = 500

export type AddressSource = 'geocoder' | 'citizen'

export interface PlacePickerProps {
  position: MapPosition
  recenterKey: number
  onMove: (position: MapPosition) => void
  onUseMyPosition: () => void
  /** The pin marks the problem's place: the phone gave it, or the citizen placed or confirmed it. */
  placeChosen: boolean
  /** "Confirmer ce point": the pin, where it is now, marks the place. */
  onConfirm: () => void
  address: string
  addressSource: AddressSource
  onAddressChange: (address: string, source: AddressSource) => void
  department: string
  onDepartmentChange: (department: string) => void
  error?: string
  errorId: string
}

/** Where the problem is: the map and its pin, "Utiliser ma position", the address and the department. */
export function PlacePicker(props: PlacePickerProps) {
  const { t } = useTranslation('citizen')
  const { t: tDeferred } = useTranslation('deferred')
  const { position, address, addressSource, onAddressChange } = props
  // Leaflet only runs in a browser: the server renders the loading state in its place.
  // Rendering the map is long work for a cheap phone: deferred, it is done in slices that a tap can
  // come between.
  const hydrated = useDeferredValue(useHydrated())
  const { stage, wake, showLive, boxRef } = useWakingMap(loadLiveMap, focusOnKeyboard)
  // Where the map's view is centred: the pin's first place, and where it is put from outside the
  // map ("Utiliser ma position"); the live map starts where the preview was.
  const [view, setView] = useState({ center: position, key: props.recenterKey })
  if (view.key !== props.recenterKey) setView({ center: position, key: props.recenterKey })
  const { onMove } = props
  const wakeAndMovePin = useCallback(
    (tap: MapTap | null) => {
      if (tap) onMove(tap.place)
      wake(tap)
    },
    [onMove, wake],
  )
  const here = `${position.latitude.toFixed(GEOCODE_CACHE_DECIMALS)},${position.longitude.toFixed(GEOCODE_CACHE_DECIMALS)}`
  const settled = useDebouncedValue(here, GEOCODE_DEBOUNCE_MS)
  const [latitude, longitude] = settled.split(',').map(Number) as [number, number]
  // Shared with the place names of report cards.
  const geocoded = useQuery(reverseGeocodeQueryOptions({ latitude, longitude }))
  // Only the answer for where the pin is now, not for where it was a moment ago.
  const foundAddress = settled === here ? geocoded.data?.display_name.slice(0, ADDRESS_MAX_LENGTH) : undefined

  useEffect(() => {
    // The geocoder fills the address until the citizen writes their own.
    if (foundAddress && addressSource === 'geocoder' && address !== foundAddress) {
      // In a transition: the form is rendered again in slices, not in the task the answer came in.
      startTransition(() => onAddressChange(foundAddress, 'geocoder'))
    }
  }, [foundAddress, addressSource, address, onAddressChange])

  return (
    <fieldset aria-describedby={props.error ? props.errorId : undefined} className="flex flex-col gap-4">
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t('reportForm.place.legend')}</legend>
      <div className="flex flex-col gap-2">
        <section
          ref={boxRef}
          aria-label={t('reportForm.place.mapLabel')}
          className="relative isolate h-64 overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-80"
        >
          {hydrated ? (
            <>
              {stage !== 'preview' ? (
                <div className="absolute inset-0 isolate">
                  <Suspense fallback={null}>
                    <PlaceMap
                      initialCenter={view.center}
                      position={position}
                      recenterKey={props.recenterKey}
                      onMove={onMove}
                      onReady={showLive}
                    />
                  </Suspense>
                </div>
              ) : null}
              {stage !== 'live' ? (
                <Suspense fallback={<MapLoading />}>
                  <PlaceMapPreview center={view.center} position={position} onWake={wakeAndMovePin} />
                </Suspense>
              ) : null}
            </>
          ) : (
            <MapLoading />
          )}
        </section>
        <p className="text-sm text-slate-600">{t('reportForm.place.mapHint')}</p>
        <MyPosition
          position={position}
          placeChosen={props.placeChosen}
          onUseMyPosition={props.onUseMyPosition}
          onConfirm={props.onConfirm}
        />
        {props.error ? (
          <p id={props.errorId} role="alert" className="text-sm font-medium text-red-700">
            {props.error}
          </p>
        ) : null}
      </div>
      <Field
        label={t('reportForm.place.address')}
        hint={
          geocoded.isFetching
            ? t('reportForm.place.addressLookup')
            : geocoded.isError
              ? // Whatever went wrong (no geocoder, too many lookups, no network), the place keeps its coordinates.
                tDeferred('reasons.geocoding.unavailable')
              : t('reportForm.place.addressHint')
        }
      >
        {(control) => (
          <Input
            {...control}
            name="address"
            value={address}
            maxLength={ADDRESS_MAX_LENGTH}
            autoComplete="street-address"
            placeholder={t('reportForm.place.addressPlaceholder')}
            onChange={(event) => onAddressChange(event.target.value, 'citizen')}
          />
        )}
      </Field>
      <Field label={t('reportForm.place.department')}>
        {(control) => (
          <NativeSelect
            {...control}
            name="department"
            value={props.department}
            onChange={(event) => props.onDepartmentChange(event.target.value)}
          >
            {DAKAR_REGION_DEPARTMENTS.map((department) => (
              <option key={department} value={department}>
                {department}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </fieldset>
  )
}

/**
 * "Utiliser ma position", where the pin is, and what to do when the phone cannot tell. It reads the
 * phone's position request itself: a request started as the form opens is rendered here alone, not
 * by the whole form in the task that hydrates the page.
 */
function MyPosition({
  position,
  placeChosen,
  onUseMyPosition,
  onConfirm,
}: Pick<PlacePickerProps, 'position' | 'placeChosen' | 'onUseMyPosition' | 'onConfirm'>) {
  const { t } = useTranslation('citizen')
  const locating = useLocationStore((state) => state.isLocating)
  const locationError = useLocationStore((state) => state.error)
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={onUseMyPosition} disabled={locating}>
          {locating ? <Spinner className="size-5" /> : <LocateFixed aria-hidden="true" className="size-5" />}
          {locating ? t('reportForm.place.locating') : t('reportForm.place.useMyPosition')}
        </Button>
        <p className="flex items-center gap-1.5 text-sm text-slate-700" aria-live="polite">
          <MapPin aria-hidden="true" className="size-4 text-green-700" />
          {t('reportForm.place.position', {
            coordinates: formatCoordinates(position.latitude, position.longitude),
          })}
        </p>
      </div>
      {locationError ? (
        <p role="status" className="text-sm text-amber-800">
          {locationError}
        </p>
      ) : null}
      {/* Without the phone's position, the pin is only where the map starts: the citizen says where. */}
      {!placeChosen && !locating && locationError ? (
        <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-amber-900">{t('reportForm.place.notChosen')}</p>
          <Button variant="outline" onClick={onConfirm} className="shrink-0">
            <MapPin aria-hidden="true" className="size-4 text-green-700" />
            {t('reportForm.place.confirm')}
          </Button>
        </div>
      ) : null}
    </>
  )
}
