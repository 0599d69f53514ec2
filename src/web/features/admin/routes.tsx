import type { RouteObject } from 'react-router'

// The admin screens of SPEC.md section 2, each loaded on demand (`lazy`) when its path is visited:
// nothing of the back-office is in the home page's download.
const dashboard = () => import('./dashboard/admin-dashboard-page')

export const adminRoutes: RouteObject[] = [
  { path: 'admin/login', lazy: () => import('./login/admin-login-page') },
  {
    path: 'admin',
    lazy: () => import('./layout/admin-layout'),
    children: [
      { index: true, lazy: dashboard },
      { path: 'dashboard', lazy: dashboard },
      { path: 'reports', lazy: () => import('./reports/admin-reports-page') },
      { path: 'organizations', lazy: () => import('./organizations/admin-organizations-page') },
      { path: 'users', lazy: () => import('./users/admin-users-page') },
      { path: 'categories', lazy: () => import('./categories/admin-categories-page') },
      { path: 'api-keys', lazy: () => import('./api-keys/admin-api-keys-page') },
    ],
  },
]
