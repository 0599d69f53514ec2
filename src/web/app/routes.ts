// Every page of the app (SPEC.md section 2), one line each: its path and its route module, a file
// under src/web that exports the page's `Component`, and, where it has them, its `loader` (the
// data its first frame shows) and its `handle` (PageHandle: whether the server renders it). The
// router (router.tsx), the server's rendering (entry-server.tsx), `npm run size` and the chunking
// rules (vite.chunks.ts) read this one table; it is plain data, so scripts read it in Node.
// The helpers are named and shaped as React Router's own `@react-router/dev/routes`.
import { REPORT_PAGE_SEGMENT } from '../../domain/citizen-rules'
import { HOME_ROUTE_ID } from '../features/home/home-route'

export interface RouteConfigEntry {
  /** The route's id, the same on the server and in the browser: its file, unless two routes share one. */
  id: string
  /** The route module, under src/web, without its extension. */
  file: string
  path?: string
  index?: true
  children?: RouteConfigEntry[]
}

export const route = (
  path: string,
  file: string,
  children?: RouteConfigEntry[],
  id = file,
): RouteConfigEntry => ({
  id,
  file,
  path,
  ...(children ? { children } : {}),
})
export const index = (file: string, id = file): RouteConfigEntry => ({ id, file, index: true })
export const layout = (file: string, children: RouteConfigEntry[]): RouteConfigEntry => ({
  id: file,
  file,
  children,
})

/** The home page: in the first download, every other route module is fetched when visited. */
export const HOME_FILE = HOME_ROUTE_ID
const organization = (page: string) => `features/organization/${page}`
const admin = (page: string) => `features/admin/${page}`

export const ROUTES: RouteConfigEntry[] = [
  index(HOME_FILE),
  route('signaler', 'features/citizen/report-form/report-page'),
  route('mes-signalements', 'features/citizen/my-reports/my-reports-page'),
  route('notifications', 'features/citizen/notifications/notifications-page'),
  route('suivi', 'features/citizen/tracking/tracking-page'),
  route(`${REPORT_PAGE_SEGMENT}/:id`, 'features/citizen/public-report/public-report-page'),
  route('statistiques', 'features/citizen/statistics/statistics-page'),
  route('a-propos', 'features/citizen/about/about-page'),
  // The organisation and admin areas read French only: their frame loads with their first screen.
  layout('app/routes/french-only', [
    route('organization/login', organization('login/organization-login-page')),
    route('organization/signup', organization('signup/signup-page')),
    // A responsable's one-time link to a new member: no `handle`, so rendered by the browser, never kept.
    route('organization/invitation/:token', organization('team/invitation-page')),
    route('organization', organization('layout/organization-layout'), [
      index(organization('dashboard/dashboard-page')),
      route('dashboard', organization('dashboard/dashboard-page'), undefined, 'organization-dashboard'),
      route('available-reports', organization('available-reports/available-reports-page')),
      route('managed-reports', organization('managed-reports/managed-reports-page')),
      route('notifications', organization('notifications/notifications-page')),
      // A field agent's round: rendered by the browser (the phone's position orders it), and opened offline.
      route('tournee', organization('tournee/tournee-page')),
      route('equipe', organization('team/team-page')),
      route('settings', organization('settings/settings-page')),
    ]),
    route('admin/login', admin('login/admin-login-page')),
    route('admin', admin('layout/admin-layout'), [
      index(admin('dashboard/admin-dashboard-page')),
      route('dashboard', admin('dashboard/admin-dashboard-page'), undefined, 'admin-dashboard'),
      route('reports', admin('reports/admin-reports-page')),
      route('organizations', admin('organizations/admin-organizations-page')),
      route('users', admin('users/admin-users-page')),
      route('categories', admin('categories/admin-categories-page')),
      route('zones', admin('areas/admin-areas-page')),
      route('api-keys', admin('api-keys/admin-api-keys-page')),
    ]),
  ]),
  route('*', 'app/routes/not-found'),
]

/** Who a route module is for, and where its code goes (vite.chunks.ts): `signed-in` is the frame both signed-in areas share. */
export type Area = 'citizen' | 'organization' | 'admin' | 'signed-in'

export function areaOf(file: string): Area {
  if (file === 'app/routes/french-only') return 'signed-in'
  return (file.match(/^features\/(organization|admin)\//)?.[1] as Area | undefined) ?? 'citizen'
}

/** Every entry of the table, outermost first. */
export function* routeEntries(routes: readonly RouteConfigEntry[] = ROUTES): Generator<RouteConfigEntry> {
  for (const entry of routes) {
    yield entry
    yield* routeEntries(entry.children ?? [])
  }
}
