import type { RouteObject } from 'react-router'
import { catalogueReady } from '../../i18n'
import { lazyScreens, type ScreenModule } from '../../lib/lazy-screens'

/** A citizen screen, with its texts in the reader's language (English or Wolof are fetched on demand). */
const screen = lazyScreens(
  'features/citizen',
  import.meta.glob<ScreenModule>(['./**/*-{page,layout}.tsx', '!./components/**', '!**/*.test.tsx']),
  () => catalogueReady('citizen'),
)

// The citizen screens of SPEC.md section 2, each loaded on demand when its path is visited.
export const citizenRoutes: RouteObject[] = [
  { path: 'signaler', ...screen('report-form/report-page') },
  { path: 'mes-signalements', ...screen('my-reports/my-reports-page') },
  { path: 'notifications', ...screen('notifications/notifications-page') },
  { path: 'suivi', ...screen('tracking/tracking-page') },
  { path: 'a-propos', ...screen('about/about-page') },
]
