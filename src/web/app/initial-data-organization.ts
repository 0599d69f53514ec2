import { availableReportsQueryOptions } from '../features/organization/api/get-available-reports'
import { managedReportsQueryOptions } from '../features/organization/api/get-managed-reports'
import { profileQueryOptions } from '../features/organization/api/get-profile'
import { sentNotificationsQueryOptions } from '../features/organization/api/get-sent-notifications'
import { statsQueryOptions } from '../features/organization/api/get-stats'
import { membersQueryOptions } from '../features/organization/api/team'
import { readOverdueOnly } from '../features/organization/components/overdue-only-filter'
import { useSessionStore } from '../lib/auth/session-store'
import { categoriesQueryOptions } from '../lib/categories'
import type { InitialData } from './initial-data'

/** The initial data of the organisation pages (initial-data.ts). */
export const organizationInitialData: InitialData<
  | 'categories'
  | 'organizationProfile'
  | 'organizationStats'
  | 'availableReports'
  | 'managedReports'
  | 'sentNotifications'
  | 'organizationMembers'
> = {
  categories: () => categoriesQueryOptions(),
  organizationProfile: () => profileQueryOptions(),
  organizationStats: () => statsQueryOptions(),
  availableReports: (url) => availableReportsQueryOptions('', 1, {}, readOverdueOnly(url.searchParams)),
  managedReports: (url) =>
    managedReportsQueryOptions({
      q: '',
      status: 'all',
      page: 1,
      ...(readOverdueOnly(url.searchParams) ? { overdue: true } : {}),
    }),
  sentNotifications: () => sentNotificationsQueryOptions(),
  // The team is its responsables' to read: an agent's browser does not ask (the page sends them on).
  organizationMembers: () =>
    useSessionStore.getState().user?.member?.role === 'agent' ? null : membersQueryOptions(),
}
