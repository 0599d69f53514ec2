import type { RouteObject } from 'react-router'
import { catalogueReady } from '../../i18n'

type ScreenModule = Awaited<ReturnType<NonNullable<Extract<RouteObject['lazy'], () => unknown>>>>

/** A screen's code, and its texts in the reader's language (English or Wolof are fetched on demand). */
const screen = (load: () => Promise<ScreenModule>) => async () => {
  const module = await load()
  await catalogueReady('citizen')
  return module
}

// The citizen screens of SPEC.md section 2, each loaded on demand (`lazy`) when its path is visited.
export const citizenRoutes: RouteObject[] = [
  { path: 'signaler', lazy: screen(() => import('./report-form/report-page')) },
  { path: 'mes-signalements', lazy: screen(() => import('./my-reports/my-reports-page')) },
  { path: 'notifications', lazy: screen(() => import('./notifications/notifications-page')) },
  { path: 'suivi', lazy: screen(() => import('./tracking/tracking-page')) },
  { path: 'a-propos', lazy: screen(() => import('./about/about-page')) },
]
