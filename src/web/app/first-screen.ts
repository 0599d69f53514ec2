import type { QueryClient } from '@tanstack/react-query'
import type { FirstScreenData } from '../../domain/first-screen'
import { recentReportsQueryOptions } from '../features/home/api/get-recent-reports'
import { reportCountQueryOptions } from '../features/home/api/get-report-count'
import { categoriesQueryOptions } from '../lib/categories'

/** The element of the page that carries its first screen's data (JSON, never run). */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data'
/** Set on #root by the server: the path its HTML was rendered for. */
export const RENDERED_PATH_ATTRIBUTE = 'data-rendered-path'

/**
 * Puts the data a page arrived with where the screens' queries look for it, so that they neither
 * ask again nor show a loading state: on the server before rendering, in the browser before
 * taking the page over.
 */
export function seedFirstScreen(queryClient: QueryClient, data: FirstScreenData) {
  if (data.reportCount) queryClient.setQueryData(reportCountQueryOptions().queryKey, data.reportCount)
  if (data.recentReports) queryClient.setQueryData(recentReportsQueryOptions().queryKey, data.recentReports)
  if (data.categories) queryClient.setQueryData(categoriesQueryOptions().queryKey, data.categories)
}

/** The first screen's data written into the page by the server, if any. */
export function readFirstScreen(document: Document): FirstScreenData {
  const text = document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent
  if (!text) return {}
  try {
    return JSON.parse(text) as FirstScreenData
  } catch {
    return {}
  }
}
