// Schemas (zod) of the API for this subject; its zod-free half is report-filing-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import { reportLatitude, reportLongitude } from './coordinates'
import {
  ADDRESS_MAX_LENGTH,
  DEPARTMENT_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  REPORT_FILING_MESSAGES,
} from './report-filing-rules'

// The constants, messages and pure rules live without zod, for the report form.
export * from './report-filing-rules'

/** The text fields of POST /api/reports (multipart), as the server checks them. */
export const reportFieldsSchema = z
  .object({
    categoryId: z.coerce.number({ error: REPORT_FILING_MESSAGES.unknownCategory }).int().positive(),
    description: z.string().trim().max(DESCRIPTION_MAX_LENGTH).default(''),
    address: z.string().trim().max(ADDRESS_MAX_LENGTH).optional(),
    department: z.string().trim().max(DEPARTMENT_MAX_LENGTH).optional(),
    latitude: reportLatitude(REPORT_FILING_MESSAGES.invalidCoordinates),
    longitude: reportLongitude(REPORT_FILING_MESSAGES.invalidCoordinates),
  })
  .strict()
export type ReportFields = z.infer<typeof reportFieldsSchema>

export const createdReportSchema = z.object({
  id: z.string(),
  anonymous_code: z.string(),
  citizenToken: z.string(),
})
export type CreatedReport = z.infer<typeof createdReportSchema>
