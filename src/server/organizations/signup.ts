import { inArray } from 'drizzle-orm'
import type { SignupInput } from '../../domain/organization'
import { requireKnownAreas, setZone } from '../areas/repository'
import { type Db, isSerialId } from '../db/database'
import { categories, categoryOrganizations, organizationMembers, organizations } from '../db/schema'
import { isUniqueViolation } from '../db/values'
import { AppError } from '../errors'
import { hashPassword } from '../passwords'
import { asNameTaken, requireFreeName } from './names'

/** Signs an organisation up, pending approval: the organisation, its categories and zone in one transaction. */
export async function signUpOrganization(
  db: Db,
  input: SignupInput,
): Promise<{ id: string; status: string }> {
  const known = input.categoryIds.every(isSerialId)
    ? await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, input.categoryIds))
    : []
  if (known.length !== input.categoryIds.length) {
    throw new AppError('invalid_input', { reason: 'signup.invalidData', field: 'categoryIds' })
  }
  const areaIds = input.areaIds ?? []
  await requireKnownAreas(db, areaIds)
  await requireFreeName(db, input.name)
  const passwordHash = await hashPassword(input.password).catch(() => {
    throw new AppError('internal', { reason: 'signup.hashingFailed' })
  })
  try {
    return await db.transaction(async (tx) => {
      const [organization] = await tx
        .insert(organizations)
        .values({
          name: input.name,
          type: input.type,
          email: input.email,
          phone: input.phone,
          address: input.address,
          city: input.city,
        })
        .returning({ id: organizations.id, status: organizations.status })
      if (!organization) throw new Error('insert returned no row')
      await tx
        .insert(categoryOrganizations)
        .values(input.categoryIds.map((categorie_id) => ({ organization_id: organization.id, categorie_id })))
      await setZone(tx, organization.id, areaIds)
      // Whoever signs the organisation up is its first responsable, signing in with its e-mail.
      await tx.insert(organizationMembers).values({
        organization_id: organization.id,
        name: input.responsableName ?? input.name,
        email: input.email,
        role: 'responsable',
        status: 'active',
        password_hash: passwordHash,
      })
      return organization
    })
  } catch (error) {
    if (
      isUniqueViolation(error, 'organizations_email_lower_key') ||
      isUniqueViolation(error, 'organization_members_email_lower_key')
    ) {
      throw new AppError('conflict', { reason: 'signup.emailTaken', field: 'email' })
    }
    throw asNameTaken(error)
  }
}
