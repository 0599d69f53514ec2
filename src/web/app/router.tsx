import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { PageLoading } from '../components/layout/page-loading'
import { adminRoutes } from '../features/admin/routes'
import { citizenRoutes } from '../features/citizen/routes'
import { HomePage } from '../features/home/home-page'
import { organizationRoutes } from '../features/organization/routes'
import { lazyScreens, type ScreenModule } from '../lib/lazy-screens'
import { ErrorPage } from './routes/error-page'

// The error page is imported, not fetched: it must show even when a screen's file cannot be.
const screen = lazyScreens(
  'app',
  import.meta.glob<ScreenModule>(['./routes/*.tsx', '!./routes/error-page.tsx', '!**/*.test.tsx']),
)

/**
 * The route table of SPEC.md section 2. Home is in the first download; every other screen is
 * fetched when its path is visited.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    // Shown while the screen of the first visited path is still downloading.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <HomePage /> },
      ...citizenRoutes,
      // French-only areas: their frame (a French i18n instance) loads with their first screen.
      { ...screen('routes/french-only'), children: [...organizationRoutes, ...adminRoutes] },
      { path: '*', ...screen('routes/not-found') },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}

/** What a screen file gives its route (React Router's `lazy`). */
const SCREEN_FIELDS = ['Component', 'ErrorBoundary', 'HydrateFallback', 'element', 'errorElement'] as const

/**
 * Loads the screens a path shows and puts them in the route table, before the router is made:
 * its first render is then the screen itself, which lets it take over HTML drawn by the server.
 */
export async function loadScreensOf(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const screen = (await route.lazy()) as Partial<Pick<RouteObject, (typeof SCREEN_FIELDS)[number]>>
      for (const field of SCREEN_FIELDS)
        if (screen[field] !== undefined) Object.assign(route, { [field]: screen[field] })
      route.lazy = undefined
    }),
  )
}
