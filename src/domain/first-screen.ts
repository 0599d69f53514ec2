// The pages the server renders to HTML before any JavaScript runs, and the data each shows: a
// phone on a slow network reads the page at once, and the app takes it over when its code has
// arrived (DESIGN.md section 8; docs/decisions/0003-server-rendered-first-screen.md).
import type { Category } from './category'
import { TRACKING_CODE_PARAMETER } from './citizen-rules'
import type { RecentReport, ReportCount } from './report'

/** What a page's HTML carries so that its first screen needs no request. */
export interface FirstScreenData {
  reportCount?: ReportCount
  recentReports?: RecentReport[]
  categories?: Category[]
}

export type FirstScreenPart = keyof FirstScreenData

/**
 * The public citizen pages, the same for every visitor (what a phone keeps for itself, its own
 * reports and notifications, is added by the app), with the data each shows.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, readonly FirstScreenPart[]>> = {
  '/': ['reportCount', 'recentReports'],
  '/signaler': ['categories'],
  '/suivi': [],
  '/a-propos': [],
}

/**
 * The query parameters a drawn page reads: its HTML differs with them. Any other parameter (a
 * campaign's `utm_source`, a random one) is dropped before the page is drawn and cached, so that
 * it neither changes the page nor makes the server draw it again.
 */
export const PRERENDERED_PAGE_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  '/suivi': [TRACKING_CODE_PARAMETER],
}

/** How long the data a page arrived with counts as fresh: its screen asks again only after. */
export const FIRST_SCREEN_FRESH_MS = 60_000

/** The element of a drawn page that carries its first screen's data (JSON, never run). */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data'
/** Set on #root of a drawn page: the path its HTML was rendered for. */
export const RENDERED_PATH_ATTRIBUTE = 'data-rendered-path'

/**
 * A drawn page is read before its code runs, so its code is fetched after the first paint: the
 * page names its files in these meta elements and a small inline script adds them then.
 */
export const CODE_AFTER_PAINT = {
  module: 'module-after-paint',
  modulepreload: 'modulepreload-after-paint',
} as const

/** Set on <html> once the app has taken the page over: its buttons and forms work from then on. */
export const APP_READY_ATTRIBUTE = 'data-app-ready'
