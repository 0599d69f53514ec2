// Business constants of SPEC.md section 9 and DESIGN.md. Each number lives here and nowhere else.

export const HOME_RECENT_REPORTS = 5
export const ADMIN_DASHBOARD_RECENT_REPORTS = 5
/** The dashboard's "À attribuer" (issue 30): the newest unclaimed reports past their target. */
export const ADMIN_DASHBOARD_TO_ASSIGN_REPORTS = 10
export const ADMIN_PAGE_SIZE = 10
export const ORGANIZATION_PAGE_SIZE = 8
/**
 * A search counts its matches up to this many and no further: "Plus de 1 000 …" (issue 19). At a
 * million reports a common word matches a tenth of them, and counting every one took seconds.
 */
export const SEARCH_COUNT_LIMIT = 1000
export const STATS_WEEK_DAYS = 7
export const PASSWORD_MIN_LENGTH = 6
export const SIGNUP_STEPS = 4
export const SIGNUP_REDIRECT_DELAY_MS = 3000
export const NOTIFICATION_PREVIEW_CHARS = 120
export const ADDRESS_PREVIEW_CHARS = 30
export const MESSAGE_DIALOG_PREVIEW_CHARS = 100
/** A report's public page names it by the start of its description, in its title and sharing card. */
export const REPORT_PAGE_TITLE_CHARS = 60
export const TOKEN_REFRESH_LEAD_MS = 2 * 60 * 1000
export const LEGACY_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000

export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
} as const

export const HOME_MAP_ZOOM = 15
export const DEFAULT_MAP_ZOOM = 12
export const REVERSE_GEOCODING_ZOOM = 16
/** The report form's map starts closer in, so that the pin lands on the right street. */
export const REPORT_FORM_MAP_ZOOM = 17
/** A report's public page shows its street and the streets around. */
export const REPORT_PAGE_MAP_ZOOM = 16
/** The home map asks for the reports in view once the visitor stops moving it for this long. */
export const MAP_RELOAD_DEBOUNCE_MS = 400
/** Coordinates are shown with this many decimals when no place name is known. */
export const COORDINATE_DECIMALS = 4
/**
 * A report's point is stored to this many decimals (about a centimetre): finer means nothing on the
 * ground, and PostgreSQL's trigonometry refuses the subnormal numbers below 1e-308 ("underflow").
 */
export const STORED_COORDINATE_DECIMALS = 7
/** Coordinates given to the people who go there (about a metre): copied, or read out on the phone. */
export const FIELD_COORDINATE_DECIMALS = 5
/** The zoom of the small map that shows where a report is, and of the links to a map site. */
export const REPORT_LOCATION_ZOOM = 17

export const LANGUAGES = ['fr', 'en', 'wo'] as const
export type Language = (typeof LANGUAGES)[number]
/** The interface's language unless the visitor chose another (SPEC.md: the shown text is French). */
export const DEFAULT_LANGUAGE = 'fr' satisfies Language
/**
 * The language the visitor chose, told to the server (a cookie the page writes, not HttpOnly:
 * nothing secret) so that it server-renders the citizen pages in it: the text is there at the first paint.
 */
export const LANGUAGE_COOKIE = 'alertes_langue'
export const THEMES = ['light', 'dark', 'system'] as const
export type Theme = (typeof THEMES)[number]

/**
 * "Recevoir les nouvelles sur ce téléphone" waits this long for the browser's push service (and
 * the server) before saying it does not answer and offering to try again (issue 28, point 9).
 */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 15_000

export const MOBILE_BREAKPOINT_PX = 768
export const SIDEBAR_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

/** TanStack Query: 3 retries, exponential backoff capped at 30 s, 5 minutes of cache. */
export const QUERY_RETRIES = 3
export const QUERY_RETRY_MAX_DELAY_MS = 30_000
export const QUERY_CACHE_TIME_MS = 5 * 60 * 1000
export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_RETRY_MAX_DELAY_MS)
}

/**
 * The dates a report can bear: none before 1970, none after 9999. A date filter outside them
 * selects the same reports as the nearest of them, and is taken as that: the database cannot
 * hold year 0 (`0000-01-01`, or `0001-01-01T00:00+01:00` in UTC) nor read a year of six digits
 * (`+275760-09-13`, which JavaScript's Date takes), and refused the query (a 500).
 */
export const REPORT_DATES_EARLIEST_MS = 0
export const REPORT_DATES_LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)
export function withinReportDates(time: number): Date {
  return new Date(Math.min(REPORT_DATES_LATEST_MS, Math.max(REPORT_DATES_EARLIEST_MS, time)))
}

/** Uploads (DESIGN.md section 9). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/**
 * JSON bodies (DESIGN.md section 13): the largest form of the API fills a few kilobytes; more is
 * someone making the server parse and hold what no screen sends. Uploads are multipart, not JSON.
 */
export const MAX_JSON_BODY_BYTES = 32 * 1024

/** Names of the persisted browser stores (SPEC.md section 3). */
export const STORE_NAMES = {
  auth: 'auth-storage',
  location: 'location-storage',
  reports: 'reports-storage',
  settings: 'settings-storage',
  /** The citizen device's token (X-Citizen-Token), minted on the phone for its first report. */
  citizenDevice: 'citizen-device-storage',
} as const

/** The header by which a citizen's device identifies itself (the token it minted for its first report). */
export const CITIZEN_TOKEN_HEADER = 'x-citizen-token'

/**
 * The browser app's login, renewal and logout carry this header: its session's refresh token then
 * lives in an HttpOnly cookie (auth-rules.ts, SESSION_COOKIE), out of the page's reach, and the page requests
 * carry it so that the server renders the signed-in pages. A page of another site cannot send this
 * header (it is not a simple request), so the cookie is read only for the browser app.
 */
export const WEB_SESSION_HEADER = 'x-alertes-web'

/** The department the product is centred on. */
export const HOME_DEPARTMENT = 'Dakar'

/**
 * The platform's contact address, shown in the footer and on "À propos" when CONTACT_EMAIL is
 * not set (the server's default, and the page's when no server says otherwise).
 */
export const DEFAULT_CONTACT_EMAIL = 'contact@alertes-urbaines.sn'
