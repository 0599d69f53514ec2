/**
 * The keys of every citizen query, as the admin and organisation areas have theirs. Three roots:
 * - 'citizen': what the server keeps for this device (its reports, the messages about them),
 *   refreshed at once when the device files, supports, follows or answers;
 * - 'reports': the public reports, a root shared with the home page's list, count and map, so
 *   that a report filed or supported here refreshes them too;
 * - 'outbox': the reports waiting on this phone, read from IndexedDB and not from the server.
 */
export const citizenKeys = {
  all: ['citizen'] as const,
  myReports: (token: string | null) => [...citizenKeys.all, 'reports', token] as const,
  notifications: () => [...citizenKeys.all, 'notifications'] as const,
  /** Whether this device's news also go by SMS (issue 31). */
  smsNews: (token: string | null) => [...citizenKeys.all, 'sms-news', token] as const,
  /**
   * The query itself lives in lib/citizen-notifications.ts, shared with the header's bell (shared
   * code cannot import a feature); a test checks it keeps this key.
   */
  notificationList: (token: string | null) => [...citizenKeys.notifications(), token] as const,

  publicReports: () => ['reports'] as const,
  nearby: (
    categoryId: number | undefined,
    lat: string | undefined,
    lon: string | undefined,
    token: string | null,
  ) => [...citizenKeys.publicReports(), 'nearby', categoryId, lat, lon, token] as const,
  tracked: (code: string | null) => [...citizenKeys.publicReports(), 'track', code] as const,
  /** A report's public page, by its id (lower-cased: the server reads it in any case). */
  publicReport: (id: string | null) =>
    [...citizenKeys.publicReports(), 'one', id?.toLowerCase() ?? null] as const,
  /** The public statistics (/statistiques): under 'reports', refreshed when a report is filed here. */
  statistics: () => [...citizenKeys.publicReports(), 'statistics'] as const,

  outbox: () => ['outbox'] as const,
}
