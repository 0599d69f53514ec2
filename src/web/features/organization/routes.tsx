import type { RouteObject } from 'react-router'

// The organization screens of SPEC.md section 2, each loaded on demand (`lazy`) when its path is visited.
export const organizationRoutes: RouteObject[] = [
  { path: 'organization/login', lazy: () => import('./login/organization-login-page') },
  { path: 'organization/signup', lazy: () => import('./signup/signup-page') },
  {
    path: 'organization',
    lazy: () => import('./layout/organization-layout'),
    children: [
      { index: true, lazy: () => import('./dashboard/dashboard-page') },
      { path: 'dashboard', lazy: () => import('./dashboard/dashboard-page') },
      { path: 'available-reports', lazy: () => import('./available-reports/available-reports-page') },
      { path: 'managed-reports', lazy: () => import('./managed-reports/managed-reports-page') },
      { path: 'notifications', lazy: () => import('./notifications/notifications-page') },
      { path: 'settings', lazy: () => import('./settings/settings-page') },
    ],
  },
]
