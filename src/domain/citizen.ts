// Schemas (zod) of the API for this subject; its zod-free half (citizen-rules.ts, citizen-actions.ts,
// report-history.ts) is re-exported here for the server. A screen imports the rules modules unless
// it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import { latitudeParameter, longitudeParameter } from './coordinates'
import { reportDetailsSchema, resolutionPhotoSchema } from './report'
import { LOCATION_PRECISIONS } from './report-filing-rules'

export * from './citizen-actions'
export * from './citizen-rules'
export * from './report-history'

export const reportEventSchema = z.object({
  kind: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  /** The message title for message_sent; nothing private. */
  title: z.string().nullable(),
  /** Why an administrator rejected the report (a status change to rejete); public. */
  reason: z.string().nullable(),
  /** The organisation an administrator assigned the report to (a claimed line by the administration). */
  organization_name: z.string().nullable(),
  created_at: z.string(),
})
export type ReportEvent = z.infer<typeof reportEventSchema>

/**
 * A line as the organisation that manages the report and the administrators read it: with the
 * member of the organisation who acted ("par Awa Ndiaye"), null for anyone else (issue 29).
 */
export const teamReportEventSchema = reportEventSchema.extend({ member_name: z.string().nullable() })
export type TeamReportEvent = z.infer<typeof teamReportEventSchema>

/** A report as the device that filed (or follows) it sees it. */
export const citizenReportSchema = reportDetailsSchema.extend({
  /**
   * The filer's secret, for the device that filed the report alone: a device that follows or
   * supports it ("Moi aussi", from a public map that lists ids) gets null.
   */
  anonymous_code: z.string().nullable(),
  /** false for a report this device follows by its code (or supports) but did not file. */
  filed_by_this_device: z.boolean(),
  /** This device said "Moi aussi" about it. */
  supported_by_this_device: z.boolean(),
  /** Devices that said "Moi aussi". */
  supporters_count: z.number().int().nonnegative(),
  /** "Est-ce réglé ?" is asked (resolved in the last 30 days, filed here, not yet confirmed). */
  resolution_question: z.object({ can_reopen: z.boolean() }).nullable(),
  history: z.array(reportEventSchema),
})
export type CitizenReport = z.infer<typeof citizenReportSchema>
export const citizenReportsSchema = z.object({ items: z.array(citizenReportSchema) })

export const citizenNotificationSchema = z.object({
  id: z.string(),
  report_id: z.string(),
  anonymous_code: z.string().nullable(),
  report_type: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
})
export type CitizenNotification = z.infer<typeof citizenNotificationSchema>
export const citizenNotificationsSchema = z.object({
  items: z.array(citizenNotificationSchema),
  unread: z.number().int().nonnegative(),
})

/** A report's history as anyone may read it: what happened and when, never a message's title. */
export const publicReportEventSchema = reportEventSchema.omit({ title: true })
export type PublicReportEvent = z.infer<typeof publicReportEventSchema>

/** Public tracking by code (/suivi): status and dates, no private data. */
export const trackedReportSchema = z.object({
  /** For the link to its public page (a rejected report has none). */
  id: z.string(),
  anonymous_code: z.string(),
  type: z.string(),
  status: z.string(),
  department: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  claimed_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  /** The organisation that handles it; null while none has claimed it. */
  organization_name: z.string().nullable(),
  /** The photo of the fix: public, unlike the citizen's own photo. */
  resolution: resolutionPhotoSchema.nullable(),
  history: z.array(publicReportEventSchema),
})
export type TrackedReport = z.infer<typeof trackedReportSchema>

/**
 * GET /api/reports/:id, the public page of a report (/signalements/:id): what anyone may read of
 * it. Never its anonymous code, photo, voice note, messages or anything of the device that filed it.
 */
export const publicReportSchema = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string(),
  status: z.string(),
  address: z.string().nullable(),
  department: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** 'commune' for a report by SMS: its point is only its commune's centre. */
  location_precision: z.enum(LOCATION_PRECISIONS),
  created_at: z.string(),
  updated_at: z.string(),
  claimed_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  /** The organisation that handles it; null while none has claimed it. */
  organization_name: z.string().nullable(),
  /** The photo of the fix: public, unlike the citizen's own photo. */
  resolution: resolutionPhotoSchema.nullable(),
  history: z.array(publicReportEventSchema),
})
export type PublicReport = z.infer<typeof publicReportSchema>

export const followReportSchema = z.object({ code: z.string().trim().min(1).max(20) }).strict()
export const followedReportSchema = z.object({ citizenToken: z.string(), report_id: z.string() })

/** GET /api/reports/nearby: the open reports of a category around a place ("Moi aussi"). */
export const nearbyQuerySchema = z.object({
  categoryId: z.coerce.number().int().positive(),
  lat: latitudeParameter(),
  lon: longitudeParameter(),
})
export type NearbyQuery = z.infer<typeof nearbyQuerySchema>

/** A nearby report: its public fields (as on the home page), how far, how many support it. */
export const nearbyReportSchema = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string(),
  status: z.string(),
  address: z.string().nullable(),
  created_at: z.string(),
  distance_m: z.number().int().nonnegative(),
  supporters_count: z.number().int().nonnegative(),
  /** What the asking device already has to do with it (it filed it, or supports it). */
  this_device: z.enum(['reporter', 'supporter']).nullable(),
})
export type NearbyReport = z.infer<typeof nearbyReportSchema>
export const nearbyReportsSchema = z.object({ items: z.array(nearbyReportSchema) })
export type NearbyReports = z.infer<typeof nearbyReportsSchema>

/** POST /api/reports/:id/supports: the device (new or known) and the new count. */
export const supportedReportSchema = z.object({
  citizenToken: z.string(),
  report_id: z.string(),
  supporters_count: z.number().int().nonnegative(),
})
export type SupportedReport = z.infer<typeof supportedReportSchema>

/** POST /api/citizen/reports/:id/confirm and /reopen: the report's status afterwards. */
export const resolutionAnswerSchema = z.object({ report_id: z.string(), status: z.string() })
export type ResolutionAnswer = z.infer<typeof resolutionAnswerSchema>
