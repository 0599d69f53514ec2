import type { RouteObject } from 'react-router'
import { lazyScreens, type ScreenModule } from '../../lib/lazy-screens'

const screen = lazyScreens(
  'features/admin',
  import.meta.glob<ScreenModule>(['./**/*-{page,layout}.tsx', '!./components/**', '!**/*.test.tsx']),
)

// The admin screens of SPEC.md section 2, each loaded on demand when its path is visited:
// nothing of the back-office is in the home page's download.
export const adminRoutes: RouteObject[] = [
  { path: 'admin/login', ...screen('login/admin-login-page') },
  {
    path: 'admin',
    ...screen('layout/admin-layout'),
    children: [
      { index: true, ...screen('dashboard/admin-dashboard-page') },
      { path: 'dashboard', ...screen('dashboard/admin-dashboard-page') },
      { path: 'reports', ...screen('reports/admin-reports-page') },
      { path: 'organizations', ...screen('organizations/admin-organizations-page') },
      { path: 'users', ...screen('users/admin-users-page') },
      { path: 'categories', ...screen('categories/admin-categories-page') },
      { path: 'api-keys', ...screen('api-keys/admin-api-keys-page') },
    ],
  },
]
