// Schemas (zod) of the API for this subject; its zod-free half is organization-space-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import { areaRefSchema } from './area'
import { teamReportEventSchema } from './citizen'
import { latitudeSchema, longitudeSchema } from './coordinates'
import { mapQuerySchema } from './map'
import {
  ASSIGNEE_FILTERS,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TITLE_MAX,
} from './organization-space-rules'
import { OVERDUE_FILTER, OVERDUE_KIND_VALUES } from './overdue'
import { pageQuerySchema, pageSchema, searchPageQueryShape } from './pagination'
import { reportDetailsSchema } from './report'
import { LOCATION_PRECISIONS, REPORT_CHANNELS } from './report-filing-rules'
import { ORGANIZATION_SETTABLE_STATUSES } from './report-states'

export * from './organization-space-rules'

/** A report as an organisation sees it (in its categories, or assigned to it). */
export const organizationReportSchema = reportDetailsSchema.extend({
  priority: z.string(),
  assigned_organization_id: z.string().nullable(),
  claimed_at: z.string().nullable(),
  /** The member of the organisation it is handed to (issue 29). */
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The commune of its point (issue 30); null outside the department. */
  area: areaRefSchema.nullable(),
  supporters_count: z.number().int(),
  notifications_count: z.number().int(),
  /** Whether it is late, and for what (issue 30); null when it is not. */
  overdue: z.enum(OVERDUE_KIND_VALUES).nullable(),
  /** How it came: the site, or an SMS conversation (issue 31: "Signalé par SMS"). */
  channel: z.enum(REPORT_CHANNELS),
  /** `commune`: only its commune is known, its point is the commune's centre (a circle, not a pin). */
  location_precision: z.enum(LOCATION_PRECISIONS),
})
export type OrganizationReport = z.infer<typeof organizationReportSchema>

/** One report as `GET /api/org/reports/:id` gives it: with its history, who of the team acted. */
export const organizationReportDetailSchema = organizationReportSchema.extend({
  history: z.array(teamReportEventSchema),
})
export type OrganizationReportDetail = z.infer<typeof organizationReportDetailSchema>
export const organizationReportPageSchema = pageSchema(organizationReportSchema)

const searchText = z.string().trim().max(200).optional()
/** `overdue=1`: the late reports only (issue 30). */
const overdueOnly = z.literal(OVERDUE_FILTER).optional()

export const availableReportsQuerySchema = z.object({
  q: searchText,
  overdue: overdueOnly,
  ...searchPageQueryShape,
})
/** Whose reports: the signed-in member's (`me`), nobody's (`none`), or a member's (their id). */
const assigneeFilterSchema = z.union([z.enum(ASSIGNEE_FILTERS), z.uuid()]).optional()

/**
 * "Ma tournée": the phone's position as `near=lat,lon`, for the nearest report first (issue 29).
 */
const nearSchema = z
  .string()
  .regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?$/)
  .transform((value) => value.split(',').map(Number))
  .pipe(z.tuple([latitudeSchema(), longitudeSchema()]))
  .transform(([lat, lon]) => ({ lat, lon }))
  .optional()

export const managedReportsQuerySchema = z.object({
  q: searchText,
  status: z.enum(ORGANIZATION_SETTABLE_STATUSES).or(z.literal('all')).optional(),
  assignee: assigneeFilterSchema,
  near: nearSchema,
  overdue: overdueOnly,
  page: pageQuerySchema,
})

/** The organisation's map: the same filters as its lists, and the box in view. */
export const availableReportsMapQuerySchema = mapQuerySchema.extend({ q: searchText, overdue: overdueOnly })
export const managedReportsMapQuerySchema = mapQuerySchema.extend({
  q: searchText,
  status: managedReportsQuerySchema.shape.status,
  assignee: assigneeFilterSchema,
  overdue: overdueOnly,
})

/**
 * A change to a report the organisation manages: its status, and (a responsable's) the member it
 * is handed to, `null` taking it back (issue 29).
 */
export const updateManagedReportSchema = z
  .object({
    status: z.enum(ORGANIZATION_SETTABLE_STATUSES).optional(),
    assignee_id: z.uuid().nullable().optional(),
  })
  .strict()
  .refine((change) => change.status !== undefined || change.assignee_id !== undefined)

export const sendNotificationSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { error: NOTIFICATION_MESSAGES.fillAllFields })
      .max(NOTIFICATION_TITLE_MAX),
    message: z
      .string()
      .trim()
      .min(1, { error: NOTIFICATION_MESSAGES.fillAllFields })
      .max(NOTIFICATION_MESSAGE_MAX),
  })
  .strict()

export const sentNotificationSchema = z.object({
  id: z.string(),
  report_id: z.string(),
  report_type: z.string(),
  anonymous_code: z.string().nullable(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  created_at: z.string(),
})
export type SentNotification = z.infer<typeof sentNotificationSchema>
export const sentNotificationsSchema = z.object({ items: z.array(sentNotificationSchema) })
export type SentNotifications = z.infer<typeof sentNotificationsSchema>

export const organizationStatsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  in_progress: z.number().int(),
  resolved: z.number().int(),
  resolution_rate: z.number().int(),
  notifications_sent: z.number().int(),
  /** Each active member's reports handed to them: still open, and resolved (issue 29). */
  members: z.array(
    z.object({ id: z.string(), name: z.string(), open: z.number().int(), resolved: z.number().int() }),
  ),
})
export type OrganizationStats = z.infer<typeof organizationStatsSchema>
