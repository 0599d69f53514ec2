import { createBrowserRouter, type RouteObject } from 'react-router'
import { PageLoading } from '../components/layout/page-loading'
import { adminRoutes } from '../features/admin/routes'
import { citizenRoutes } from '../features/citizen/routes'
import { HomePage } from '../features/home/home-page'
import { organizationRoutes } from '../features/organization/routes'
import { ErrorPage } from './routes/error-page'

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
      { lazy: () => import('./routes/french-only'), children: [...organizationRoutes, ...adminRoutes] },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
