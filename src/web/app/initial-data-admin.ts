import { apiKeysQueryOptions } from '../features/admin/api/api-keys'
import { adminAreasQueryOptions } from '../features/admin/api/get-admin-areas'
import { adminCategoriesQueryOptions } from '../features/admin/api/get-admin-categories'
import { adminOrganizationsQueryOptions } from '../features/admin/api/get-admin-organizations'
import { adminReportsQueryOptions } from '../features/admin/api/get-admin-reports'
import { adminStatsQueryOptions } from '../features/admin/api/get-admin-stats'
import { adminUsersQueryOptions } from '../features/admin/api/get-admin-users'
import { readReportFilters } from '../features/admin/reports/report-filters'
import type { InitialData } from './initial-data'

/** The initial data of the back-office pages (initial-data.ts). */
export const adminInitialData: InitialData<
  | 'adminStats'
  | 'adminReports'
  | 'adminReportsToAssign'
  | 'adminOrganizations'
  | 'adminUsers'
  | 'adminCategories'
  | 'adminAreas'
  | 'apiKeys'
> = {
  adminStats: () => adminStatsQueryOptions(),
  // The reports page's filters live in its address; the dashboard's has none: its first page.
  adminReports: (url) => {
    const { filters, page, cursor } = readReportFilters(url.searchParams)
    return adminReportsQueryOptions(filters, page, cursor)
  },
  // The dashboard's « À attribuer »: the first page of the reports late to be claimed.
  adminReportsToAssign: () => adminReportsQueryOptions({ overdue: 'claim' }, 1),
  adminOrganizations: () => adminOrganizationsQueryOptions({}, 1),
  adminUsers: () => adminUsersQueryOptions(),
  adminCategories: () => adminCategoriesQueryOptions(),
  adminAreas: () => adminAreasQueryOptions(),
  apiKeys: () => apiKeysQueryOptions(),
}
