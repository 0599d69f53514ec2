// Schemas (zod) of the API for this subject; its zod-free half is organization-rules.ts, re-exported
// here for the server. A screen imports the rules module unless it validates a form (.dependency-cruiser.js).
import { z } from 'zod'
import { areaIdsSchema, areaRefSchema } from './area'
import { identifierChangePasswordSchema, passwordSchema } from './auth'
import {
  NAME_CHANGE_DECISIONS,
  normalizeOrganizationName,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_TYPE_VALUES,
  SIGNUP_MESSAGES,
} from './organization-rules'
import { currentMemberSchema, memberNameSchema } from './team'

export * from './organization-rules'

export const organizationTypeSchema = z.enum(ORGANIZATION_TYPE_VALUES)

const requiredText = (message: string, max = 200) => z.string().trim().min(1, { error: message }).max(max)

/** A name as it is kept (normalizeOrganizationName): nothing but invisible characters is no name. */
const organizationNameSchema = z
  .string({ error: SIGNUP_MESSAGES.nameRequired })
  .max(ORGANIZATION_NAME_MAX_LENGTH * 2)
  .transform(normalizeOrganizationName)
  .pipe(z.string().min(1, { error: SIGNUP_MESSAGES.nameRequired }).max(ORGANIZATION_NAME_MAX_LENGTH))

/** Step 1 of the sign-up wizard. An empty type is "required"; a type outside the list is "invalid". */
export const signupBasicsSchema = z.object({
  name: organizationNameSchema,
  type: z
    .string({ error: SIGNUP_MESSAGES.typeRequired })
    .min(1, { error: SIGNUP_MESSAGES.typeRequired })
    .pipe(z.enum(ORGANIZATION_TYPE_VALUES, { error: SIGNUP_MESSAGES.invalidType })),
  email: requiredText(SIGNUP_MESSAGES.emailRequired).pipe(z.email({ error: SIGNUP_MESSAGES.emailInvalid })),
  phone: requiredText(SIGNUP_MESSAGES.phoneRequired, 40),
})
/** Step 2. */
export const signupLocationSchema = z.object({
  address: requiredText(SIGNUP_MESSAGES.addressRequired, 300),
  city: requiredText(SIGNUP_MESSAGES.cityRequired, 100),
})
/** Step 3, "Catégories et zone": its communes (none: the whole department, issue 30). */
export const signupCategoriesSchema = z.object({
  categoryIds: z
    .array(z.number().int().positive())
    .min(1, { error: SIGNUP_MESSAGES.chooseCategory })
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length),
  areaIds: areaIdsSchema.optional(),
})

/**
 * Step 4: who signs up, and the password. Its confirmation is compared on screen ("Les mots de passe
 * correspondent / ne correspondent pas") but, as SPEC.md section 5 says, not required to submit.
 */
export const signupAccountSchema = z.object({
  /** "Votre nom": the person signing up, the organisation's first responsable (issue 29). */
  responsableName: memberNameSchema,
  password: passwordSchema,
  confirmation: z.string(),
})

export const signupSchema = z
  .object({
    ...signupBasicsSchema.shape,
    ...signupLocationSchema.shape,
    ...signupCategoriesSchema.shape,
    password: passwordSchema,
    /**
     * The name of the person signing up, the organisation's first responsable (the wizard's last
     * step asks it); without it, they are named after the organisation, as the migrated logins were.
     */
    responsableName: memberNameSchema.optional(),
  })
  .strict()
export type SignupInput = z.infer<typeof signupSchema>

export const organizationProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  status: z.string(),
  is_active: z.boolean(),
  /** The new name an approved organisation asked for, until an administrator decides (the old one stays public). */
  pending_name: z.string().nullable(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  categories: z.array(z.object({ id: z.number(), nom: z.string() })),
  /** The communes it covers (issue 30); none: the whole department. */
  areas: z.array(areaRefSchema),
  /**
   * The zone an approved organisation asked for, until an administrator decides (its zone stays
   * `areas` until then): its communes, none for the whole department; null when it asked for none.
   */
  pending_areas: z.array(areaRefSchema).nullable(),
})
export type OrganizationProfile = z.infer<typeof organizationProfileSchema>

/** `GET /api/org/me`: the organisation, and who of its team is signed in. */
export const ownOrganizationSchema = organizationProfileSchema.extend({ member: currentMemberSchema })
export type OwnOrganization = z.infer<typeof ownOrganizationSchema>

export const updateProfileSchema = z
  .object({
    name: signupBasicsSchema.shape.name.optional(),
    email: signupBasicsSchema.shape.email.optional(),
    phone: signupBasicsSchema.shape.phone.optional(),
    address: signupLocationSchema.shape.address.optional(),
    city: signupLocationSchema.shape.city.optional(),
    areaIds: areaIdsSchema.optional(),
    /** Required with a new login e-mail (issue 27). */
    currentPassword: identifierChangePasswordSchema,
  })
  .strict()

/**
 * The profile form of the settings screen: the editable fields, each required, and the current
 * password, asked for when the e-mail changes (the server says when it is missing or wrong).
 */
export const profileFormSchema = z.object({
  name: signupBasicsSchema.shape.name,
  email: signupBasicsSchema.shape.email,
  phone: signupBasicsSchema.shape.phone,
  address: signupLocationSchema.shape.address,
  city: signupLocationSchema.shape.city,
  currentPassword: identifierChangePasswordSchema,
})
export type ProfileForm = z.infer<typeof profileFormSchema>

/** An administrator's decision on the new name an organisation asked for. */
export const nameChangeDecisionSchema = z.enum(NAME_CHANGE_DECISIONS)
/** The same on the new zone it asked for. */
export const zoneChangeDecisionSchema = z.enum(NAME_CHANGE_DECISIONS)
