/**
 * Every page of the app, once (SPEC.md section 2): its path, the screen file fetched when it is
 * visited, the data its first frame shows, who may see it and whether the server renders it. The
 * router (router.tsx), the server's page rendering (entry-server.tsx), `npm run size` and the
 * chunking rules (vite.chunks.ts) all read this one table. Plain data: scripts read it in Node.
 */
import { REPORT_PAGE_SEGMENT, TRACKING_CODE_PARAMETER } from '../../domain/citizen-rules'
import { LIST_VIEW_PARAMETER } from '../../domain/page'

/** The data a page's first frame shows: the keys of initial-data.ts, each one query. */
export type InitialDataKey =
  | 'reportCount'
  | 'recentReports'
  | 'categories'
  | 'trackedReport'
  | 'publicReport'
  | 'publicStats'
  | 'organizationProfile'
  | 'organizationStats'
  | 'availableReports'
  | 'managedReports'
  | 'sentNotifications'
  | 'organizationMembers'
  | 'adminStats'
  | 'adminReports'
  | 'adminReportsToAssign'
  | 'adminOrganizations'
  | 'adminUsers'
  | 'adminCategories'
  | 'adminAreas'
  | 'apiKeys'

/** Who a page is for, and where its code goes (vite.chunks.ts): never an area's code on another's page; `signed-in` is the frame both signed-in areas share. */
export type Area = 'citizen' | 'organization' | 'admin' | 'signed-in'

export interface ManifestRoute {
  /** React Router's path, relative to its parent; none for an index or a frame. */
  path?: string
  index?: true
  /** Also the route's id: the same on the server and in the browser, so that the page is hydrated. */
  id: string
  /**
   * The screen's file under src/web (Vite's manifest key without `src/web/`), fetched when the
   * path is visited; none for the home page, which is in the first download.
   */
  screen?: string
  area: Area
  /** The data its first frame shows, asked for before it is rendered (the route's loader). */
  data?: readonly InitialDataKey[]
  /**
   * The one thing of `data` the page is about (a report, by the id in its path): when the address
   * cannot name one or the API does not know it (404), the page says so with the not-found page,
   * answered with status 404.
   */
  subject?: InitialDataKey
  /**
   * Rendered by the server: `public`, the same for every visitor (and kept until a report changes,
   * unless its path carries a value: a report's id);
   * `session`, for the signed-in visitor whose cookie the page request carries. Others (what a
   * phone keeps for itself: its reports, its messages) are rendered by the browser.
   */
  rendered?: 'public' | 'session'
  /** The signed-in area of this route and those below it: its session, or its login page. */
  session?: { userType: 'organization' | 'admin'; loginPath: string }
  /**
   * The query parameters its screen reads: the page differs with them; any other is ignored. A page
   * rendered for a session is rendered with its whole address (never cached).
   */
  parameters?: readonly string[]
  children?: readonly ManifestRoute[]
}

/** The frame of the organisation and admin areas, which read French only. */
export const FRENCH_ONLY_ROUTE_ID = 'french-only'

const organization = { userType: 'organization', loginPath: '/organization/login' } as const
const admin = { userType: 'admin', loginPath: '/admin/login' } as const

// Each area's dashboard, at its root and at /dashboard.
const organizationDashboard = {
  screen: 'features/organization/dashboard/dashboard-page',
  area: 'organization',
  data: ['organizationProfile', 'organizationStats'],
  rendered: 'session',
} as const
const adminDashboard = {
  screen: 'features/admin/dashboard/admin-dashboard-page',
  area: 'admin',
  data: ['adminStats', 'adminReports', 'adminReportsToAssign'],
  rendered: 'session',
} as const

export const ROUTE_MANIFEST: readonly ManifestRoute[] = [
  { index: true, id: 'home', area: 'citizen', data: ['reportCount', 'recentReports'], rendered: 'public' },
  {
    path: 'signaler',
    id: 'report',
    screen: 'features/citizen/report-form/report-page',
    area: 'citizen',
    data: ['categories'],
    rendered: 'public',
  },
  {
    path: 'mes-signalements',
    id: 'my-reports',
    screen: 'features/citizen/my-reports/my-reports-page',
    area: 'citizen',
  },
  {
    path: 'notifications',
    id: 'notifications',
    screen: 'features/citizen/notifications/notifications-page',
    area: 'citizen',
  },
  {
    path: 'suivi',
    id: 'tracking',
    screen: 'features/citizen/tracking/tracking-page',
    area: 'citizen',
    data: ['trackedReport'],
    rendered: 'public',
    parameters: [TRACKING_CODE_PARAMETER],
  },
  {
    path: `${REPORT_PAGE_SEGMENT}/:id`,
    id: 'public-report',
    screen: 'features/citizen/public-report/public-report-page',
    area: 'citizen',
    data: ['publicReport'],
    subject: 'publicReport',
    rendered: 'public',
  },
  {
    path: 'statistiques',
    id: 'statistics',
    screen: 'features/citizen/statistics/statistics-page',
    area: 'citizen',
    data: ['publicStats'],
    rendered: 'public',
  },
  {
    path: 'a-propos',
    id: 'about',
    screen: 'features/citizen/about/about-page',
    area: 'citizen',
    rendered: 'public',
  },
  {
    // The organisation and admin areas read French only: their frame loads with their first screen.
    id: FRENCH_ONLY_ROUTE_ID,
    screen: 'app/routes/french-only',
    area: 'signed-in',
    children: [
      {
        path: 'organization/login',
        id: 'organization-login',
        screen: 'features/organization/login/organization-login-page',
        area: 'organization',
        rendered: 'public',
      },
      {
        path: 'organization/signup',
        id: 'organization-signup',
        screen: 'features/organization/signup/signup-page',
        area: 'organization',
        data: ['categories'],
        rendered: 'public',
      },
      {
        // The one-time link a responsable hands to a new member: rendered by the browser, never kept.
        path: 'organization/invitation/:token',
        id: 'organization-invitation',
        screen: 'features/organization/team/invitation-page',
        area: 'organization',
      },
      {
        path: 'organization',
        id: 'organization',
        screen: 'features/organization/layout/organization-layout',
        area: 'organization',
        session: organization,
        children: [
          { index: true, id: 'organization-home', ...organizationDashboard },
          { path: 'dashboard', id: 'organization-dashboard', ...organizationDashboard },
          {
            path: 'available-reports',
            id: 'organization-available',
            screen: 'features/organization/available-reports/available-reports-page',
            area: 'organization',
            data: ['availableReports'],
            rendered: 'session',
            parameters: [LIST_VIEW_PARAMETER],
          },
          {
            path: 'managed-reports',
            id: 'organization-managed',
            screen: 'features/organization/managed-reports/managed-reports-page',
            area: 'organization',
            data: ['managedReports', 'organizationStats'],
            rendered: 'session',
            parameters: [LIST_VIEW_PARAMETER],
          },
          {
            path: 'notifications',
            id: 'organization-notifications',
            screen: 'features/organization/notifications/notifications-page',
            area: 'organization',
            data: ['managedReports', 'sentNotifications'],
            rendered: 'session',
          },
          {
            // A field agent's round: rendered by the browser (the phone's position orders it), and
            // the one signed-in screen that opens offline, from the list kept on the phone.
            path: 'tournee',
            id: 'organization-tournee',
            screen: 'features/organization/tournee/tournee-page',
            area: 'organization',
          },
          {
            path: 'equipe',
            id: 'organization-team',
            screen: 'features/organization/team/team-page',
            area: 'organization',
            data: ['organizationMembers'],
            rendered: 'session',
          },
          {
            path: 'settings',
            id: 'organization-settings',
            screen: 'features/organization/settings/settings-page',
            area: 'organization',
            data: ['organizationProfile'],
            rendered: 'session',
          },
        ],
      },
      {
        path: 'admin/login',
        id: 'admin-login',
        screen: 'features/admin/login/admin-login-page',
        area: 'admin',
        rendered: 'public',
      },
      {
        path: 'admin',
        id: 'admin',
        screen: 'features/admin/layout/admin-layout',
        area: 'admin',
        session: admin,
        children: [
          { index: true, id: 'admin-home', ...adminDashboard },
          { path: 'dashboard', id: 'admin-dashboard', ...adminDashboard },
          {
            path: 'reports',
            id: 'admin-reports',
            screen: 'features/admin/reports/admin-reports-page',
            area: 'admin',
            data: ['adminReports'],
            rendered: 'session',
          },
          {
            path: 'organizations',
            id: 'admin-organizations',
            screen: 'features/admin/organizations/admin-organizations-page',
            area: 'admin',
            data: ['adminOrganizations'],
            rendered: 'session',
          },
          {
            path: 'users',
            id: 'admin-users',
            screen: 'features/admin/users/admin-users-page',
            area: 'admin',
            data: ['adminUsers'],
            rendered: 'session',
          },
          {
            path: 'categories',
            id: 'admin-categories',
            screen: 'features/admin/categories/admin-categories-page',
            area: 'admin',
            data: ['adminCategories'],
            rendered: 'session',
          },
          {
            path: 'zones',
            id: 'admin-areas',
            screen: 'features/admin/areas/admin-areas-page',
            area: 'admin',
            data: ['adminAreas'],
            rendered: 'session',
          },
          {
            path: 'api-keys',
            id: 'admin-api-keys',
            screen: 'features/admin/api-keys/admin-api-keys-page',
            area: 'admin',
            data: ['apiKeys'],
            rendered: 'session',
          },
        ],
      },
    ],
  },
  { path: '*', id: 'not-found', screen: 'app/routes/not-found', area: 'citizen', rendered: 'public' },
]

/** The routes a path goes through, outermost first (React Router's matching, on the manifest). */
export function* manifestRoutes(routes: readonly ManifestRoute[] = ROUTE_MANIFEST): Generator<ManifestRoute> {
  for (const route of routes) {
    yield route
    if (route.children) yield* manifestRoutes(route.children)
  }
}

/** The full paths of the pages, each with the routes it goes through (outermost first). */
export function manifestPages(
  routes: readonly ManifestRoute[] = ROUTE_MANIFEST,
  parentPath = '',
  parents: readonly ManifestRoute[] = [],
): { path: string; routes: ManifestRoute[] }[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${parentPath}/${route.path}`.replace(/\/+/g, '/') : parentPath || '/'
    const chain = [...parents, route]
    if (route.children) return manifestPages(route.children, route.path ? path : parentPath, chain)
    return route.path === '*' ? [] : [{ path, routes: chain }]
  })
}
