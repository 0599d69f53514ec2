/**
 * The city's open record: GET /api/public/stats (the figures of /statistiques) and the open-data
 * exports GET /api/public/reports.geojson and .csv. Rejected reports are never in any of them.
 */
import { z } from 'zod'
import { withinReportDates } from './constants'
import {
  PUBLIC_DATA_MESSAGES,
  PUBLIC_EXPORT_STATUSES,
  STATS_ORGANIZATIONS_LIMIT_MAX,
} from './public-data-rules'

export * from './public-data-rules'

const count = z.number().int().nonnegative()
/** Hours, to a tenth; null when nothing was measured. */
const medianHours = z.number().nonnegative().nullable()
/**
 * Resolved within the category's target, as a share of the resolved reports and of the open ones
 * past their target, in whole percent (shareOnTime); null when there are none.
 */
const onTimeRate = z.number().int().min(0).max(100).nullable()

export const statsTotalsSchema = z.object({
  /** Every public report: pending, in progress and resolved. */
  total: count,
  pending: count,
  in_progress: count,
  resolved: count,
  /** Resolved reports as a share of the total, in whole percent. */
  resolution_rate: count,
  median_resolution_hours: medianHours,
  on_time_rate: onTimeRate,
})

export const categoryStatsSchema = z.object({
  category_id: z.number().int(),
  /** The category's French name (the screens translate it as they translate every category). */
  category: z.string(),
  total: count,
  resolved: count,
  in_progress: count,
  pending: count,
  resolution_rate: count,
  median_resolution_hours: medianHours,
  on_time_rate: onTimeRate,
})
export type CategoryStats = z.infer<typeof categoryStatsSchema>

export const weekStatsSchema = z.object({
  /** The week's Monday, YYYY-MM-DD (UTC). */
  week: z.string(),
  /** Public reports filed that week. */
  filed: count,
  /** Reports resolved that week, whenever they were filed. */
  resolved: count,
})
export type WeekStats = z.infer<typeof weekStatsSchema>

export const organizationStatsSchema = z.object({
  organization_id: z.string(),
  name: z.string(),
  /** Public reports it manages (claimed or assigned to it), whatever their status. */
  managed: count,
  resolved: count,
  resolution_rate: count,
  median_claim_hours: medianHours,
  median_resolution_hours: medianHours,
  on_time_rate: onTimeRate,
})
export type OrganizationStats = z.infer<typeof organizationStatsSchema>

/** Open reports (pending or in progress) around a point: a square of the map, about 600 m a side. */
export const openAreaSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  open: count,
  /** The commune of Dakar it lies in (domain/communes.ts); null outside them. */
  commune: z.string().nullable(),
})
export type OpenArea = z.infer<typeof openAreaSchema>

export const publicStatsSchema = z.object({
  totals: statsTotalsSchema,
  by_category: z.array(categoryStatsSchema),
  /** The last STATS_WEEKS weeks, oldest first, the current (unfinished) week last. */
  by_week: z.array(weekStatsSchema),
  /** Every approved organisation (or the first `?organizations=`), most reports managed first. */
  by_organization: z.array(organizationStatsSchema),
  /** How many approved organisations there are, however many `by_organization` lists. */
  organization_count: count,
  /** Where the open reports are, for the map of /statistiques. */
  open_by_area: z.array(openAreaSchema),
  /**
   * Whether the communes' limits were imported (from OpenStreetMap, under the ODbL): the page
   * then credits them, as the licence asks of what is made from its data.
   */
  area_limits_imported: z.boolean(),
})
export type PublicStats = z.infer<typeof publicStatsSchema>

/** GET /api/public/stats: `organizations` keeps only that many, those managing the most reports. */
export const publicStatsQuerySchema = z.object({
  organizations: z.coerce
    .number({ error: PUBLIC_DATA_MESSAGES.badOrganizations })
    .int({ error: PUBLIC_DATA_MESSAGES.badOrganizations })
    .min(1, { error: PUBLIC_DATA_MESSAGES.badOrganizations })
    .max(STATS_ORGANIZATIONS_LIMIT_MAX, { error: PUBLIC_DATA_MESSAGES.badOrganizations })
    .optional(),
})

const DAY_OR_MOMENT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2}))?$/

/**
 * Whether a text is a day or a moment of DAY_OR_MOMENT's shape on a day that exists (Date.parse
 * takes 2026-02-31 for 3 March). Never throws: zod runs this check even after the shape's has
 * failed, and `1` or `2026-1-1`, which Date.parse reads, made `toISOString` throw (a 500).
 */
function isDayOrMoment(value: string): boolean {
  if (!DAY_OR_MOMENT.test(value) || Number.isNaN(Date.parse(value))) return false
  const day = value.slice(0, 10)
  const midnight = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(midnight.getTime()) && midnight.toISOString().startsWith(day)
}

/** The filters of the open-data exports; an unknown parameter is ignored. */
export const publicExportQuerySchema = z.object({
  category: z.coerce
    .number({ error: PUBLIC_DATA_MESSAGES.badCategory })
    .int({ error: PUBLIC_DATA_MESSAGES.badCategory })
    .positive({ error: PUBLIC_DATA_MESSAGES.badCategory })
    .max(2_147_483_647, { error: PUBLIC_DATA_MESSAGES.badCategory })
    .optional(),
  status: z.enum(PUBLIC_EXPORT_STATUSES, { error: PUBLIC_DATA_MESSAGES.badStatus }).optional(),
  /** Reports filed on or after this day (UTC) or moment; an earlier one than 1970 is 1970. */
  since: z
    .string({ error: PUBLIC_DATA_MESSAGES.badSince })
    // The shape (the pattern the API's documentation shows): a text of another goes no further.
    .regex(DAY_OR_MOMENT, { error: PUBLIC_DATA_MESSAGES.badSince, abort: true })
    .refine(isDayOrMoment, { error: PUBLIC_DATA_MESSAGES.badSince })
    .transform((value) => withinReportDates(Date.parse(value)))
    .optional(),
})
export type PublicExportQuery = z.infer<typeof publicExportQuerySchema>
