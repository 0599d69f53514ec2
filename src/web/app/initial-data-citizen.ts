import { isReportId, normalizeAnonymousCode, TRACKING_CODE_PARAMETER } from '../../domain/citizen-rules'
import { publicReportQueryOptions } from '../features/citizen/api/get-public-report'
import { publicStatsQueryOptions } from '../features/citizen/api/get-public-stats'
import { trackedReportQueryOptions } from '../features/citizen/api/track-report'
import { recentReportsQueryOptions } from '../features/home/api/get-recent-reports'
import { reportCountQueryOptions } from '../features/home/api/get-report-count'
import { categoriesQueryOptions } from '../lib/categories'
import type { InitialData } from './initial-data'

/** The initial data of the citizen pages (initial-data.ts). */
export const citizenInitialData: InitialData<
  'reportCount' | 'recentReports' | 'categories' | 'trackedReport' | 'publicReport' | 'publicStats'
> = {
  reportCount: () => reportCountQueryOptions(),
  recentReports: () => recentReportsQueryOptions(),
  categories: () => categoriesQueryOptions(),
  trackedReport: (url) => {
    const code = normalizeAnonymousCode(url.searchParams.get(TRACKING_CODE_PARAMETER) ?? '')
    return code ? trackedReportQueryOptions(code) : null
  },
  publicReport: (_url, { id }) => (id && isReportId(id) ? publicReportQueryOptions(id) : null),
  publicStats: () => publicStatsQueryOptions(),
}
