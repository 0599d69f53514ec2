import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunction,
  matchRoutes,
  type RouteObject,
  RouterContextProvider,
} from 'react-router'
import { PageLoading } from '../components/layout/page-loading'
import { HomePage, handle as homeHandle, loader as homeLoader } from '../features/home/home-page'
import { catalogueReady } from '../i18n'
import { loadRenderedParts } from '../lib/lazy-screens'
import { type PageDeps, type PageHandle, pageDeps } from '../lib/page-loader'
import { areaOf, HOME_FILE, ROUTES, type RouteConfigEntry } from './routes'
import { ErrorPage } from './routes/error-page'

type RouteModule = Pick<RouteObject, 'Component'> & { loader?: LoaderFunction; handle?: PageHandle }

// Every route module but the home page's, fetched when its path is visited. The error page is
// imported, not fetched: it must show even when a route module cannot be.
const ROUTE_MODULES = import.meta.glob<RouteModule>([
  '../features/*/**/*-{page,layout}.tsx',
  './routes/{french-only,not-found}.tsx',
  '!../features/*/components/**',
  '!../features/home/**',
  '!**/*.test.tsx',
])

const HOME_MODULE: RouteModule = { Component: HomePage, loader: homeLoader, handle: homeHandle }

/** A route module, loaded; a citizen screen also waits for its texts in the reader's language. */
export async function loadRouteModule(file: string): Promise<RouteModule> {
  if (file === HOME_FILE) return HOME_MODULE
  const load = ROUTE_MODULES[file.startsWith('app/') ? `./${file.slice(4)}.tsx` : `../${file}.tsx`]
  if (!load) throw new Error(`No route module src/web/${file}.tsx`)
  const [{ Component, loader, handle }] = await Promise.all([
    load(),
    areaOf(file) === 'citizen' && catalogueReady('citizen'),
  ])
  return { Component, loader, handle }
}

/**
 * The route table of routes.ts, as React Router's route objects. Each loader is given `deps`
 * through its context: the page's query client and whose session it is.
 */
export function createAppRoutes(deps: PageDeps): RouteObject[] {
  // Given to the loaders here rather than by the router's `getContext`, which the router awaits
  // before it shows a navigation as pending: a filter chosen showed late.
  const context = new RouterContextProvider()
  context.set(pageDeps, deps)
  const withDeps = ({ loader, ...module }: RouteModule) => ({
    ...module,
    loader: loader && ((args: Parameters<LoaderFunction>[0]) => loader({ ...args, context })),
  })
  const toRoute = (entry: RouteConfigEntry): RouteObject => {
    const base = {
      id: entry.id,
      path: entry.path,
      // The home page is in the first download; every other one is fetched when visited.
      ...(entry.file === HOME_FILE
        ? withDeps(HOME_MODULE)
        : { lazy: () => loadRouteModule(entry.file).then(withDeps) }),
    }
    return entry.index ? { ...base, index: true } : { ...base, children: entry.children?.map(toRoute) }
  }
  return [
    {
      id: 'root',
      errorElement: <ErrorPage />,
      // Shown while the route module of the first visited path is still downloading.
      hydrateFallbackElement: <PageLoading />,
      children: ROUTES.map(toRoute),
    },
  ]
}

export function createAppRouter(routes: RouteObject[], hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData })
}

/**
 * Loads the route modules a path shows and puts them in the route table, before the router is
 * made: its first render is then the page itself, which lets it hydrate the server's HTML.
 */
export async function loadRoutesOf(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
  // Then the parts of those pages that the server rendered but that come with code of their own.
  await loadRenderedParts(matches.flatMap(({ route }) => (route.id ? [route.id] : [])))
}
