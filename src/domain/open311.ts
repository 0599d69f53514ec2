// Schemas (zod) of the Open311 GeoReport v2 endpoint; its zod-free half is open311-rules.ts,
// re-exported here. Field names are the standard's, letter for letter (open311 tests check them).
import { z } from 'zod'
import { withinReportDates } from './constants'
import { reportLatitude, reportLongitude } from './coordinates'
import { DESCRIPTION_MAX_LENGTH } from './report-filing-rules'

export * from './open311-rules'

/** One entry of services.json: a category of the platform. */
export const open311ServiceSchema = z.object({
  service_code: z.string(),
  service_name: z.string(),
  description: z.string(),
  metadata: z.boolean(),
  type: z.enum(['realtime', 'batch', 'blackbox']),
  keywords: z.string(),
  group: z.string(),
})
export type Open311Service = z.infer<typeof open311ServiceSchema>
export const open311ServicesSchema = z.array(open311ServiceSchema)

/** One service request: the public fields of a report, nothing about who filed it. */
export const open311RequestSchema = z.object({
  service_request_id: z.string(),
  status: z.enum(['open', 'closed']),
  status_notes: z.string().nullable(),
  service_name: z.string(),
  service_code: z.string(),
  description: z.string(),
  agency_responsible: z.string().nullable(),
  service_notice: z.string().nullable(),
  requested_datetime: z.string(),
  updated_datetime: z.string(),
  expected_datetime: z.string().nullable(),
  address: z.string().nullable(),
  address_id: z.string().nullable(),
  zipcode: z.string().nullable(),
  lat: z.number(),
  long: z.number(),
  media_url: z.string().nullable(),
})
export type Open311Request = z.infer<typeof open311RequestSchema>
export const open311RequestsSchema = z.array(open311RequestSchema)

const isoDate = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)))
  .transform((value) => withinReportDates(Date.parse(value)))
/** A comma-separated list ("open,closed", "1,3"), as the standard allows. */
const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .max(2000)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(100))

/** GET requests.json: every parameter is optional. */
export const open311RequestsQuerySchema = z.object({
  jurisdiction_id: z.string().max(100).optional(),
  service_request_id: commaList(z.uuid()).optional(),
  service_code: commaList(z.string().regex(/^\d{1,9}$/)).optional(),
  status: commaList(z.enum(['open', 'closed'])).optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
})
export type Open311RequestsQuery = z.infer<typeof open311RequestsQuerySchema>

/** POST requests.json (form-encoded or JSON): a report filed by another application. */
export const open311NewRequestSchema = z.object({
  api_key: z
    .string()
    .max(200)
    .optional()
    .describe('Clé API délivrée par un administrateur : dans le corps, comme le veut GeoReport v2'),
  jurisdiction_id: z.string().max(100).optional(),
  service_code: z.string().regex(/^\d{1,9}$/),
  lat: reportLatitude(),
  long: reportLongitude(),
  address_string: z.string().trim().max(300).optional(),
  address_id: z.string().max(100).optional(),
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH).default(''),
  // Accepted as the standard lists them; the platform never stores who the person is.
  email: z.string().max(200).optional(),
  device_id: z.string().max(200).optional(),
  account_id: z.string().max(200).optional(),
  first_name: z.string().max(200).optional(),
  last_name: z.string().max(200).optional(),
  phone: z.string().max(50).optional(),
  media_url: z.string().max(2000).optional(),
})
export type Open311NewRequest = z.infer<typeof open311NewRequestSchema>

/**
 * POST requests.json's query: the key is still read there for clients that send it so, but the
 * body is the place (a query string travels into proxies' logs; ours never log it).
 */
export const open311NewRequestQuerySchema = z.object({
  api_key: z
    .string()
    .max(200)
    .optional()
    .meta({ deprecated: true, description: 'Ancienne place de la clé API : passez-la dans le corps' }),
})

export const open311CreatedSchema = z.array(
  z.object({
    service_request_id: z.string(),
    service_notice: z.string(),
    account_id: z.string().nullable(),
  }),
)

/** The standard's error body: a list of `{code, description}`. */
export const open311ErrorsSchema = z.array(z.object({ code: z.number().int(), description: z.string() }))
export type Open311Errors = z.infer<typeof open311ErrorsSchema>
