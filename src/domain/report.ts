// Schemas (zod) of the API, read by the server; a screen imports their types only (.dependency-cruiser.js).
import { z } from 'zod'
import { ANONYMOUS_CODE_PATTERN, spelledCode } from './citizen-rules'
import { REPORT_PRIORITY_VALUES, REPORT_STATUS_VALUES } from './report-states'

export const reportStatusSchema = z.enum(REPORT_STATUS_VALUES)
export const reportPrioritySchema = z.enum(REPORT_PRIORITY_VALUES)

/** The public fields of a report shown on the home page (GET /api/reports/recent). */
export const recentReportSchema = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string(),
  // A plain string: the home card shows an unknown value raw.
  status: z.string(),
  created_at: z.string(),
  address: z.string().nullable(),
  department: z.string().nullable(),
})
export type RecentReport = z.infer<typeof recentReportSchema>
export const recentReportsSchema = z.array(recentReportSchema)

/**
 * The photo of the fix (issue 29), taken by the organisation's member who did it: public, shown
 * as "Après intervention" beside the status; its note too.
 */
export const resolutionPhotoSchema = z.object({
  photo_url: z.string(),
  thumb_url: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
})
export type ResolutionPhoto = z.infer<typeof resolutionPhotoSchema>

/** What the device that filed a report and the organisation that manages it both see of it. */
export const reportDetailsSchema = z.object({
  id: z.string(),
  anonymous_code: z.string(),
  type: z.string(),
  description: z.string(),
  status: z.string(),
  address: z.string().nullable(),
  department: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  photo_url: z.string().nullable(),
  photo_thumb_url: z.string().nullable(),
  audio_url: z.string().nullable(),
  resolution: resolutionPhotoSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})

export const reportCountSchema = z.object({ count: z.number().int().nonnegative() })
export type ReportCount = z.infer<typeof reportCountSchema>

/** A code as people copy it (spaces, dashes, any case), read as stored (citizen-rules.ts). */
export const anonymousCodeSchema = z
  .string()
  .transform(spelledCode)
  .pipe(z.string().regex(ANONYMOUS_CODE_PATTERN))
