import type { QueryClient } from '@tanstack/react-query'
import {
  createBrowserRouter,
  data,
  type HydrationState,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
  redirect,
} from 'react-router'
import type { UserType } from '../../domain/auth'
import { PageLoading } from '../components/layout/page-loading'
import { HOME_ROUTE_ID, HomePage } from '../features/home/home-page'
import { catalogueReady } from '../i18n'
import { lazyScreen, loadRenderedParts, type ScreenModule } from '../lib/lazy-screens'
import { isUnknown, UNKNOWN_SUBJECT } from '../lib/page-subject'
import { markInitialData } from '../lib/query-client'
import { INITIAL_DATA } from './initial-data'
import { type ManifestRoute, ROUTE_MANIFEST } from './route-manifest'
import { ErrorPage } from './routes/error-page'

// Every screen file, fetched when its path is visited (the manifest names them). The error page
// is imported, not fetched: it must show even when a screen's file cannot be.
const SCREEN_FILES = import.meta.glob<ScreenModule>([
  '../features/*/**/*-{page,layout}.tsx',
  './routes/{french-only,not-found}.tsx',
  '!../features/*/components/**',
  // The home page is in the first download.
  '!../features/home/**',
  '!**/*.test.tsx',
])

function screenOf(route: ManifestRoute): Required<Pick<RouteObject, 'lazy'>> | undefined {
  if (!route.screen) return undefined
  const key = route.screen.startsWith('app/') ? `./${route.screen.slice(4)}.tsx` : `../${route.screen}.tsx`
  // A citizen screen waits for its texts in the reader's language (English or Wolof, fetched then).
  const ready = route.area === 'citizen' ? () => catalogueReady('citizen') : undefined
  return lazyScreen(`src/web/${route.screen}.tsx`, SCREEN_FILES[key], ready)
}

/** What the routes' loaders need: the page's query client and whose session it is rendered for. */
export interface RouteDeps {
  queryClient: QueryClient
  /**
   * Whose session the page is for (in the browser, renewed first if its access token expired):
   * fetched with the signed-in areas' code, never on a citizen page.
   */
  session: () => Promise<{ isAuthenticated: boolean; userType: UserType | null }>
  /**
   * Whether a loader waits for its data: the server does, to render the page with it; the browser
   * does not, so that a visit never waits on a slow network (the screen shows its loading state).
   */
  awaitData: boolean
}

/**
 * A route's loader: its signed-in area's session, or its login page; then its initial data, asked
 * through the features' query options (the screen's own queries then start from it). A page
 * about one thing (its `subject`) that is unknown is answered 404 (page-subject.ts): at once when
 * its address cannot name one, and on the server, which waits for the data, when the API says so.
 */
function loaderOf(route: ManifestRoute, area: ManifestRoute['session'], deps: RouteDeps) {
  if (!route.data && !route.session) return undefined
  return async ({ request, params }: LoaderFunctionArgs) => {
    const session = area ? await deps.session() : null
    const signedIn = !area || (session?.isAuthenticated && session.userType === area.userType)
    // The area's own route sends a visitor without its session to its login page; the pages
    // inside it, which the router loads at the same time, do not ask for data meanwhile.
    if (!signedIn && route.session) throw redirect(area?.loginPath ?? '/')
    if (!signedIn) return null
    if (!route.data) return null
    const url = new URL(request.url)
    const queries = await INITIAL_DATA[route.area]()
    let unknownSubject = false
    const asked = route.data.flatMap((key) => {
      const options = queries[key]?.(url, params)
      if (!options) {
        if (key === route.subject) unknownSubject = true
        return []
      }
      // Data kept from an earlier visit is shown at once and asked again meanwhile; the screen
      // then takes what comes as it is. A failure is the screen's to show, with its own texts.
      const fetched = deps.queryClient
        .ensureQueryData({ ...options, revalidateIfStale: true })
        .then(() => markInitialData(deps.queryClient, options.queryKey))
      return [
        fetched.catch((error: unknown) => {
          if (key === route.subject && isUnknown(error)) unknownSubject = true
        }),
      ]
    })
    if (deps.awaitData) await Promise.all(asked)
    return unknownSubject ? data(UNKNOWN_SUBJECT, { status: 404 }) : null
  }
}

function toRoute(route: ManifestRoute, inherited: ManifestRoute['session'], deps: RouteDeps): RouteObject {
  const area = route.session ?? inherited
  const base = {
    id: route.id,
    ...(route.path ? { path: route.path } : {}),
    // The home page is in the first download; every other screen is fetched when visited.
    ...(screenOf(route) ?? (route.id === HOME_ROUTE_ID ? { element: <HomePage /> } : {})),
    loader: loaderOf(route, area, deps),
  }
  if (route.index) return { ...base, index: true }
  return { ...base, children: route.children?.map((child) => toRoute(child, area, deps)) }
}

/**
 * The route table of SPEC.md section 2, from the route manifest. Home is in the first download;
 * every other screen is fetched when its path is visited.
 */
export function createAppRoutes(deps: RouteDeps): RouteObject[] {
  return [
    {
      id: 'root',
      errorElement: <ErrorPage />,
      // Shown while the screen of the first visited path is still downloading.
      hydrateFallbackElement: <PageLoading />,
      children: ROUTE_MANIFEST.map((route) => toRoute(route, undefined, deps)),
    },
  ]
}

export function createAppRouter(routes: RouteObject[], hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined)
}

/** What a screen file gives its route (React Router's `lazy`). */
const SCREEN_FIELDS = ['Component', 'ErrorBoundary', 'HydrateFallback', 'element', 'errorElement'] as const

/**
 * Loads the screens a path shows and puts them in the route table, before the router is made:
 * its first render is then the screen itself, which lets it hydrate HTML rendered by the server.
 */
export async function loadScreensOf(routes: RouteObject[], pathname: string): Promise<void> {
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
  // Then the parts of those screens that the server rendered but that come with code of their own.
  await loadRenderedParts(matches.flatMap(({ route }) => (route.id ? [route.id] : [])))
}
