import Copy from 'lucide-react/icons/copy'
import ExternalLink from 'lucide-react/icons/external-link'
import Navigation from 'lucide-react/icons/navigation'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import {
  fieldCoordinates,
  geoUri,
  openStreetMapDirectionsUrl,
  openStreetMapUrl,
} from '../../../domain/location'
import { toast } from '../../lib/toast'
import { Button, buttonClassName } from '../ui/button'
import { Spinner } from '../ui/spinner'
import '../../i18n/deferred/fr'

const ReportLocationMap = lazy(() => import('./report-location-map'))

/**
 * Where a report is, for the people who go there: a small map with its pin (Leaflet, fetched when
 * this is shown, e.g. with its dialog), the coordinates to five decimals with a button that copies
 * them, "Itinéraire" and the point on OpenStreetMap beside it.
 *
 * "Itinéraire" is a `geo:` link on a touch screen, which a phone opens in its map application, and
 * OpenStreetMap's directions on a computer, where `geo:` does nothing. Both links are rendered and CSS
 * shows the one for the primary pointer: the page server-rendered is the page hydrated, and
 * the right one shows before any script runs.
 */
export function ReportLocation({
  latitude,
  longitude,
  label,
  approximate = false,
}: {
  latitude: number
  longitude: number
  /** What the pin and the map application call the place (the report's type and place). */
  label: string
  /** The point is only its commune's centre (a report by SMS): the map draws a circle, not a pin. */
  approximate?: boolean
}) {
  const { t } = useTranslation('deferred')
  const { t: tRoot } = useTranslation()
  const coordinates = fieldCoordinates(latitude, longitude)

  async function copy() {
    try {
      await navigator.clipboard.writeText(coordinates)
      toast.success(t('location.copied'), { description: coordinates })
    } catch {
      toast.error(t('location.copyFailed'))
    }
  }

  return (
    <section aria-label={t('location.title')} className="flex flex-col gap-2">
      <figure
        aria-label={t('location.mapLabel')}
        className="isolate h-48 overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
      >
        <Suspense
          fallback={
            <div className="flex h-full items-center justify-center gap-2 text-sm text-slate-700">
              <Spinner className="size-5" />
              {tRoot('map.loading')}
            </div>
          }
        >
          <ReportLocationMap
            latitude={latitude}
            longitude={longitude}
            label={label}
            approximate={approximate}
          />
        </Suspense>
      </figure>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <span className="text-slate-700">
          {t('location.coordinates')}{' '}
          <span className="font-mono font-semibold text-slate-900 select-all">{coordinates}</span>
        </span>
        <Button
          variant="outline"
          onClick={() => void copy()}
          aria-label={t('location.copyLabel', { coordinates })}
        >
          <Copy aria-hidden="true" className="size-4" />
          {t('location.copy')}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        {/* Wrapped: a display class of their own would compete with the button's inline-flex. */}
        <span className="hidden pointer-coarse:flex">
          <a
            href={geoUri(latitude, longitude, label)}
            aria-label={t('location.directionsLabel')}
            className={buttonClassName()}
          >
            <Navigation aria-hidden="true" className="size-4" />
            {t('location.directions')}
          </a>
        </span>
        <span className="flex pointer-coarse:hidden">
          <a
            href={openStreetMapDirectionsUrl(latitude, longitude)}
            target="_blank"
            rel="noreferrer"
            aria-label={t('location.directionsWebLabel')}
            className={buttonClassName()}
          >
            <Navigation aria-hidden="true" className="size-4" />
            {t('location.directions')}
          </a>
        </span>
        <a
          href={openStreetMapUrl(latitude, longitude)}
          target="_blank"
          rel="noreferrer"
          className={buttonClassName({ variant: 'outline' })}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('location.openStreetMap')}
        </a>
      </div>
    </section>
  )
}
