/**
 * The city's open record, without zod (the rules half of public-data.ts): the public statistics'
 * constants, the durations histogram and its median, the open-data exports' columns and messages.
 */

/** The weekly trend covers this many weeks (Monday to Sunday, UTC), the current one last. */
export const STATS_WEEKS = 26

/**
 * Durations (hours from filing to claim or to resolution) are counted in buckets on a log scale,
 * this many per doubling: a bucket is about 19 % wide whatever the duration, so that a median of
 * two hours and one of two months are both told to the same precision, from a few dozen rows.
 */
export const DURATION_BUCKETS_PER_DOUBLING = 4
/** The last bucket starts at 2^16 hours (about 7.5 years) and takes everything longer. */
export const DURATION_BUCKET_MAX = 1 + 16 * DURATION_BUCKETS_PER_DOUBLING

/**
 * The bucket of a duration: 0 below one hour, then 1 + floor(4 × log2(hours)), at most
 * DURATION_BUCKET_MAX. The database's triggers write the same expression (migration
 * 0009_public_statistics); a test compares them.
 */
export function durationBucket(hours: number): number {
  if (!(hours >= 1)) return 0
  return Math.min(DURATION_BUCKET_MAX, 1 + Math.floor(DURATION_BUCKETS_PER_DOUBLING * Math.log2(hours)))
}

/** The hours a bucket holds: from `lower` (included) to `upper` (excluded). */
export function bucketBounds(bucket: number): { lower: number; upper: number } {
  if (bucket <= 0) return { lower: 0, upper: 1 }
  const lower = 2 ** ((bucket - 1) / DURATION_BUCKETS_PER_DOUBLING)
  // The last bucket is open-ended: its median is told as its start.
  const upper = bucket >= DURATION_BUCKET_MAX ? lower : 2 ** (bucket / DURATION_BUCKETS_PER_DOUBLING)
  return { lower, upper }
}

export interface BucketCount {
  bucket: number
  n: number
}

/**
 * Where, within the bucket that holds the middle report, the median lies: the bucket's share of
 * the reports before the middle, spread evenly over its hours. Rounded to a tenth of an hour.
 */
export function medianWithinBucket(bucket: number, before: number, n: number, total: number): number {
  const { lower, upper } = bucketBounds(bucket)
  const share = n > 0 ? Math.min(1, Math.max(0, (total / 2 - before) / n)) : 0
  return Math.round((lower + (upper - lower) * share) * 10) / 10
}

/**
 * The median duration of a histogram, to the precision of its buckets (the true median lies in
 * the same bucket; within it, it is interpolated); null when it counts nothing.
 *
 *   medianFromBuckets([{ bucket: durationBucket(2), n: 1 }, { bucket: durationBucket(30), n: 2 }]) // ≈ 30
 */
export function medianFromBuckets(counts: readonly BucketCount[]): number | null {
  const sorted = counts.filter((count) => count.n > 0).sort((a, b) => a.bucket - b.bucket)
  const total = sorted.reduce((sum, count) => sum + count.n, 0)
  if (total === 0) return null
  let before = 0
  for (const count of sorted) {
    if (before + count.n >= total / 2) return medianWithinBucket(count.bucket, before, count.n, total)
    before += count.n
  }
  return null
}

/** Resolved reports as a share of all the counted ones, in whole percent (0 when none). */
export function shareResolved(resolved: number, total: number): number {
  return total > 0 ? Math.round((resolved / total) * 100) : 0
}

/**
 * The on-time rate (issue 30): reports resolved within their category's target, as a share of the
 * resolved reports and of the open ones already past their target, in whole percent; null when
 * there are none (nothing yet to judge).
 */
export function shareOnTime(counts: { onTime: number; resolved: number; late: number }): number | null {
  const judged = counts.resolved + counts.late
  return judged > 0 ? Math.round((counts.onTime / judged) * 100) : null
}

/**
 * How many organisations /statistiques shows (those managing the most reports): the page carries
 * its data, and a thousand organisations would weigh more than the rest of it.
 */
export const STATS_PAGE_ORGANIZATIONS = 10
/** At most this many in one answer when `?organizations=` limits them. */
export const STATS_ORGANIZATIONS_LIMIT_MAX = 1000

/** The statuses a public export can be filtered by: every status but the rejected one. */
export const PUBLIC_EXPORT_STATUSES = ['en-attente', 'en-cours', 'resolu'] as const
export type PublicExportStatus = (typeof PUBLIC_EXPORT_STATUSES)[number]

/**
 * The columns of the open-data exports (CSV and GeoJSON properties), with their French headers:
 * what a report's public page already shows, and no more. Never its anonymous code, photo, voice
 * note, messages, priority or anything of the device that filed it; the commune rather than the
 * address.
 */
export const PUBLIC_EXPORT_COLUMNS = [
  ['id', 'Identifiant'],
  ['category', 'Catégorie'],
  ['status', 'Statut'],
  ['description', 'Description'],
  ['commune', 'Commune'],
  ['latitude', 'Latitude'],
  ['longitude', 'Longitude'],
  ['created_at', 'Date de création'],
  ['claimed_at', 'Date de prise en charge'],
  ['resolved_at', 'Date de résolution'],
  ['organization', 'Organisation'],
] as const
export type PublicExportColumn = (typeof PUBLIC_EXPORT_COLUMNS)[number][0]

/** Exports of one format one network address may download within an hour: each reads every public report. */
export const PUBLIC_EXPORTS_PER_ADDRESS = 60

/** The open data's licence: named in the README, the exports' headers and the statistics page. */
export const OPEN_DATA_LICENCE = {
  name: 'Licence Ouverte / Open Licence 2.0 (Etalab)',
  url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
} as const

/**
 * OpenStreetMap's terms, where the communes' limits come from once imported (ODbL): what is made
 * from its data credits its contributors with a link to this page.
 */
export const OPENSTREETMAP_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright'

export const PUBLIC_DATA_MESSAGES = {
  badCategory: 'La catégorie doit être le numéro d’une catégorie (un nombre entier positif).',
  badStatus: 'Le statut doit être « en-attente », « en-cours » ou « resolu ».',
  badSince: 'La date « since » doit s’écrire AAAA-MM-JJ (par exemple 2026-01-31).',
  badOrganizations: 'Le nombre d’organisations doit être un nombre entier de 1 à 1000.',
  tooManyExports: 'Trop de téléchargements des données depuis cette adresse. Réessayez dans une heure.',
} as const
