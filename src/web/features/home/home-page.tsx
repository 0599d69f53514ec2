import Megaphone from 'lucide-react/icons/megaphone'
import { Suspense, startTransition, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { SiteHeader } from '../../components/layout/site-header'
import { buttonClassName } from '../../components/ui/button'
import { lazyRenderedPart } from '../../lib/lazy-screens'
import { type PageHandle, pageLoader } from '../../lib/page-loader'
import { usePageMeta } from '../../lib/page-meta'
import type { Bbox } from './api/get-map-reports'
import { recentReportsQueryOptions } from './api/get-recent-reports'
import { reportCountQueryOptions } from './api/get-report-count'
import { HomeMap } from './components/home-map'
import { ReportCountBadge } from './components/report-count-badge'
import { HOME_ROUTE_ID } from './home-route'

export const handle: PageHandle = { rendered: 'public' }

export const loader = pageLoader(() => [reportCountQueryOptions(), recentReportsQueryOptions()])

// Below the fold: their code arrives after the first paint; the server renders them all the same.
const HomeLists = lazyRenderedPart(HOME_ROUTE_ID, () =>
  import('./components/home-lists').then((module) => module.HomeLists),
)
const SiteFooter = lazyRenderedPart(HOME_ROUTE_ID, () =>
  import('../../components/layout/site-footer').then((module) => module.SiteFooter),
)

// The same element at every render of the page: when the map's view changes the page, React
// leaves it as it is, and does not render the server's HTML of the part again while the app
// hydrates.
const FOOTER = (
  <Suspense fallback={null}>
    <SiteFooter />
  </Suspense>
)

/** Home (/): the map around the visitor, the count, the "Signaler" button, the SMS number and the newest reports. */
export function HomePage() {
  const { t } = useTranslation()
  usePageMeta({ title: t('home.meta.title') })
  // The map's view, shared with the list that says the same without the map.
  const [mapView, setMapView] = useState<Bbox | null>(null)
  // Told by the map from an effect: as a transition, the page is rendered again in slices, not in
  // one task (the header and the list with it) while the map starts.
  const onViewChange = useCallback((bbox: Bbox) => startTransition(() => setMapView(bbox)), [])

  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main className="flex-1">
        <h1 className="sr-only">{t('app.name')}</h1>
        <a
          href="#map-reports"
          className="sr-only focus:not-sr-only focus:absolute focus:z-[1100] focus:m-2 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-green-800 focus:shadow-lg focus:ring-2 focus:ring-green-600"
        >
          {t('map.skipToList')}
        </a>
        <div className="relative h-[50vh] min-h-72 w-full border-b border-slate-200">
          <HomeMap onViewChange={onViewChange} />
        </div>
        <ReportCountBadge />
        <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 pt-4">
          <Link
            to="/signaler"
            className={buttonClassName({ size: 'lg', className: 'w-full self-center sm:w-auto sm:min-w-64' })}
          >
            <Megaphone aria-hidden="true" className="size-6" />
            {t('home.reportButton')}
          </Link>
          <Suspense fallback={null}>
            <HomeLists bbox={mapView} />
          </Suspense>
        </div>
      </main>
      {FOOTER}
    </div>
  )
}

export default HomePage
