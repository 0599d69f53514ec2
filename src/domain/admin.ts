// Schemas (zod) of the API for this subject; its zod-free half is admin-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import {
  ADMIN_MESSAGES,
  ADMIN_REPORT_SORT_VALUES,
  REJECTION_REASON_MAX,
  REJECTION_REASON_MIN,
  USERNAME_MIN_LENGTH,
} from './admin-rules'
import { AREA_COUNT, areaIdsSchema } from './area'
import { identifierChangePasswordSchema, passwordSchema } from './auth'
import { categorySchema } from './category'
import { CATEGORY_NAME_MAX_LENGTH, TARGET_HOURS_MAX, TARGET_HOURS_MIN } from './category-rules'
import { teamReportEventSchema } from './citizen'
import {
  NAME_CHANGE_FILTER,
  nameChangeDecisionSchema,
  ORGANIZATION_STATUS_VALUES,
  organizationProfileSchema,
  SIGNUP_MESSAGES,
  ZONE_CHANGE_FILTER,
  zoneChangeDecisionSchema,
} from './organization'
import { organizationReportSchema } from './organization-space'
import { OVERDUE_FILTER, OVERDUE_KIND_VALUES } from './overdue'
import { pageQuerySchema, pageSchema, searchPageQueryShape } from './pagination'
import { reportPrioritySchema, reportStatusSchema } from './report'
import { REJECTED_STATUS } from './report-states'
import { memberSchema } from './team'

export * from './admin-rules'

export const adminStatsSchema = z.object({
  pending_reports: z.number().int(),
  in_progress_reports: z.number().int(),
  resolved_reports: z.number().int(),
  rejected_reports: z.number().int(),
  total_reports: z.number().int(),
  avg_resolution_hours: z.number().int(),
  today_reports: z.number().int(),
  week_reports: z.number().int(),
  /** Open reports past their category's claim or resolve target (issue 30). */
  overdue_reports: z.number().int(),
})
export type AdminStats = z.infer<typeof adminStatsSchema>

const searchText = z.string().trim().max(200).optional()

/** Filters and order of the admin report list and its CSV export; "all" means no filter. */
export const adminReportFiltersSchema = z.object({
  q: searchText,
  status: reportStatusSchema.or(z.literal('all')).optional(),
  priority: reportPrioritySchema.or(z.literal('all')).optional(),
  /** Absent = `newest`. */
  sort: z.enum(ADMIN_REPORT_SORT_VALUES).optional(),
  /** One commune's reports (issue 30). */
  area: z.coerce.number().int().min(1).max(AREA_COUNT).optional(),
  /** The late reports (issue 30): of either kind (`1`), or still to be claimed, or to be resolved. */
  overdue: z.enum([OVERDUE_FILTER, ...OVERDUE_KIND_VALUES]).optional(),
})
export const adminReportsQuerySchema = adminReportFiltersSchema.extend(searchPageQueryShape)
export type AdminReportFilters = z.infer<typeof adminReportFiltersSchema>

export const adminReportSchema = organizationReportSchema.extend({
  assigned_organization_name: z.string().nullable(),
})
export type AdminReport = z.infer<typeof adminReportSchema>
export const adminReportPageSchema = pageSchema(adminReportSchema)

export const adminReportDetailSchema = adminReportSchema.extend({
  history: z.array(teamReportEventSchema),
  notifications: z.array(
    z.object({ id: z.string(), title: z.string(), message: z.string(), created_at: z.string() }),
  ),
})
export type AdminReportDetail = z.infer<typeof adminReportDetailSchema>

/** Why a report is rejected: sent to the device that filed it and shown in its public history. */
export const rejectionReasonSchema = z
  .string()
  .trim()
  .min(REJECTION_REASON_MIN, { error: ADMIN_MESSAGES.rejectionReasonTooShort })
  .max(REJECTION_REASON_MAX, { error: ADMIN_MESSAGES.rejectionReasonTooLong })
/** The rejection's confirmation in the back-office: its one field, by the same rule. */
export const rejectionFormSchema = z.object({ reason: rejectionReasonSchema })
export type RejectionForm = z.infer<typeof rejectionFormSchema>

/**
 * PATCH /api/admin/reports/:id: a status (a rejection with its reason), a priority, or the
 * organisation the report is assigned to; at least one of them.
 */
export const updateAdminReportSchema = z
  .object({
    priority: reportPrioritySchema.optional(),
    status: reportStatusSchema.optional(),
    reason: rejectionReasonSchema.optional(),
    organization_id: z.uuid({ error: ADMIN_MESSAGES.organizationUnknown }).optional(),
  })
  .strict()
  .refine(
    (value) =>
      value.priority !== undefined || value.status !== undefined || value.organization_id !== undefined,
  )
  .refine((value) => value.status !== REJECTED_STATUS || value.reason !== undefined, {
    error: ADMIN_MESSAGES.rejectionReasonRequired,
    path: ['reason'],
  })
  .refine((value) => value.reason === undefined || value.status === REJECTED_STATUS, {
    error: ADMIN_MESSAGES.reasonWithoutRejection,
    path: ['reason'],
  })
export type UpdateAdminReport = z.infer<typeof updateAdminReportSchema>

/** GET /api/admin/reports/:id/eligible-organizations: who may be assigned the report. */
export const eligibleOrganizationsSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
})
export type EligibleOrganizations = z.infer<typeof eligibleOrganizationsSchema>

/** POST /api/admin/reports/export-link: a download address carrying the filters and a short-lived signature. */
export const exportLinkSchema = z.object({ url: z.string(), expiresAt: z.string() })
export type ExportLink = z.infer<typeof exportLinkSchema>

/** The organisation as the back-office lists it: its categories by name. */
export const adminOrganizationSchema = organizationProfileSchema.extend({ categories: z.array(z.string()) })
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>

/** `GET /api/admin/organizations/:id`: an organisation with its team (issue 29). */
export const adminOrganizationDetailSchema = adminOrganizationSchema.extend({
  members: z.array(memberSchema),
})
export type AdminOrganizationDetail = z.infer<typeof adminOrganizationDetailSchema>

export const adminOrganizationsQuerySchema = z.object({
  q: searchText,
  /** A status, all of them, or the organisations whose new name (or new zone) waits for a decision. */
  status: z
    .enum(ORGANIZATION_STATUS_VALUES)
    .or(z.literal('all'))
    .or(z.literal(NAME_CHANGE_FILTER))
    .or(z.literal(ZONE_CHANGE_FILTER))
    .optional(),
  page: pageQuerySchema,
})
export const adminOrganizationPageSchema = pageSchema(adminOrganizationSchema).extend({
  counts: z.object({
    total: z.number().int(),
    approved: z.number().int(),
    pending: z.number().int(),
    suspended: z.number().int(),
    /** Approved organisations waiting for a decision on a new name. */
    name_changes: z.number().int(),
    /** And on a new zone. */
    zone_changes: z.number().int(),
  }),
})

export const updateAdminOrganizationSchema = z
  .object({
    status: z.enum(ORGANIZATION_STATUS_VALUES).optional(),
    is_active: z.boolean().optional(),
    /** The new name the organisation asked for: taken as its name, or refused. */
    name_change: nameChangeDecisionSchema.optional(),
    /** The new zone the organisation asked for: taken as its zone, or refused (issue 47). */
    zone_change: zoneChangeDecisionSchema.optional(),
    /** The communes it covers; none: the whole department (issue 30). */
    areaIds: areaIdsSchema.optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined))

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string(),
  status: z.string(),
  created_at: z.string(),
  last_login: z.string().nullable(),
})
export type AdminUser = z.infer<typeof adminUserSchema>
export const adminUsersSchema = z.object({
  items: z.array(adminUserSchema),
  counts: z.object({ total: z.number().int(), active: z.number().int() }),
})

const name = z.string().trim().min(1, { error: ADMIN_MESSAGES.nameRequired }).max(200)
const email = z
  .string()
  .trim()
  .max(200)
  .pipe(z.email({ error: SIGNUP_MESSAGES.emailInvalid }))
const username = z
  .string()
  .trim()
  .min(USERNAME_MIN_LENGTH, { error: ADMIN_MESSAGES.usernameTooShort })
  .max(60)
  .regex(/^[\w.-]+$/, { error: ADMIN_MESSAGES.usernameCharacters })

export const createAdminUserSchema = z.object({ name, email, username, password: passwordSchema }).strict()
export const updateAdminUserSchema = z
  .object({
    name: name.optional(),
    email: email.optional(),
    username: username.optional(),
    status: z.enum(['active', 'inactive']).optional(),
    /** Required with a new username of one's own account (issue 27). */
    currentPassword: identifierChangePasswordSchema,
  })
  .strict()

const translatedName = (tooLong: string) =>
  z.string().trim().max(CATEGORY_NAME_MAX_LENGTH, { error: tooLong }).optional()

/** A target in whole hours, from an hour to a year; anything else is refused with `outOfRange`. */
const targetHours = (outOfRange: string) =>
  z
    .number({ error: outOfRange })
    .int({ error: outOfRange })
    .min(TARGET_HOURS_MIN, { error: outOfRange })
    .max(TARGET_HOURS_MAX, { error: outOfRange })

/**
 * A category as the back-office writes it: its French name, optionally its English and Wolof
 * names (empty: the French name stands in), and its targets in hours (issue 30; absent: the
 * defaults for a new category, unchanged for an existing one). Without `translations`, a change
 * keeps them.
 */
const categoryFields = z
  .object({
    nom: z
      .string()
      .trim()
      .min(1, { error: ADMIN_MESSAGES.categoryNameRequired })
      .max(CATEGORY_NAME_MAX_LENGTH, { error: ADMIN_MESSAGES.categoryNameTooLong }),
    translations: z
      .object({
        en: translatedName(ADMIN_MESSAGES.categoryEnglishNameTooLong),
        wo: translatedName(ADMIN_MESSAGES.categoryWolofNameTooLong),
      })
      .strict()
      .optional(),
    claim_target_hours: targetHours(ADMIN_MESSAGES.claimTargetOutOfRange).optional(),
    resolve_target_hours: targetHours(ADMIN_MESSAGES.resolveTargetOutOfRange).optional(),
  })
  .strict()

/**
 * A report is claimed before it is resolved: a claim target past the resolve target says nothing.
 * Checked here when both come; the database's check holds it when one comes alone.
 */
function targetsInOrder(
  targets: { claim_target_hours?: number; resolve_target_hours?: number },
  context: z.RefinementCtx,
) {
  const { claim_target_hours: claim, resolve_target_hours: resolve } = targets
  if (claim !== undefined && resolve !== undefined && claim > resolve) {
    context.addIssue({
      code: 'custom',
      path: ['claim_target_hours'],
      message: ADMIN_MESSAGES.claimTargetAfterResolve,
    })
  }
}

export const categoryInputSchema = categoryFields.superRefine(targetsInOrder)
export type CategoryInput = z.infer<typeof categoryInputSchema>

/** PATCH /api/admin/categories/:id: any of the fields of a category, at least one. */
export const categoryChangeSchema = categoryFields
  .partial({ nom: true })
  .refine((change) => Object.values(change).some((field) => field !== undefined))
  .superRefine(targetsInOrder)
export type CategoryChange = z.infer<typeof categoryChangeSchema>

/** A category as the back-office reads it: with its targets. */
export const adminCategorySchema = categorySchema.extend({
  claim_target_hours: z.number().int(),
  resolve_target_hours: z.number().int(),
})
export type AdminCategory = z.infer<typeof adminCategorySchema>
export const adminCategoriesSchema = z.array(adminCategorySchema)
