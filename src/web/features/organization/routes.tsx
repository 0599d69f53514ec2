import type { RouteObject } from 'react-router'
import { lazyScreens, type ScreenModule } from '../../lib/lazy-screens'

const screen = lazyScreens(
  'features/organization',
  import.meta.glob<ScreenModule>(['./**/*-{page,layout}.tsx', '!./components/**', '!**/*.test.tsx']),
)

// The organization screens of SPEC.md section 2, each loaded on demand when its path is visited.
export const organizationRoutes: RouteObject[] = [
  { path: 'organization/login', ...screen('login/organization-login-page') },
  { path: 'organization/signup', ...screen('signup/signup-page') },
  {
    path: 'organization',
    ...screen('layout/organization-layout'),
    children: [
      { index: true, ...screen('dashboard/dashboard-page') },
      { path: 'dashboard', ...screen('dashboard/dashboard-page') },
      { path: 'available-reports', ...screen('available-reports/available-reports-page') },
      { path: 'managed-reports', ...screen('managed-reports/managed-reports-page') },
      { path: 'notifications', ...screen('notifications/notifications-page') },
      { path: 'settings', ...screen('settings/settings-page') },
    ],
  },
]
