import { and, asc, count, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { AdminOrganization } from '../../domain/admin'
import { ADMIN_PAGE_SIZE } from '../../domain/constants'
import {
  NAME_CHANGE_FILTER,
  type NameChangeDecision,
  type OrganizationListFilter,
  type OrganizationStatus,
  ZONE_CHANGE_FILTER,
} from '../../domain/organization'
import { offsetOf } from '../../domain/pagination'
import { type Db, queryRows } from '../db/database'
import { organizations, reports } from '../db/schema'
import { toIso } from '../db/values'
import { AppError } from '../errors'
import { asNameTaken } from '../organizations/names'
import { inZoneOf } from '../reports/scopes'
import { containing } from '../reports/search'

// Written out with table names: drizzle leaves columns unqualified inside a select list.
const categoryNames = sql<
  string[]
>`coalesce((select array_agg(c.nom order by c.nom) from categorie_organization co join categorie c on c.id = co.categorie_id where co.organization_id = organizations.id), '{}')`

const zoneAreas = sql<
  { id: number; name: string }[]
>`coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name) order by a.id) from organization_areas oa join areas a on a.id = oa.area_id where oa.organization_id = organizations.id), '[]'::jsonb)`

/** The zone it asked for (null: none asked), as `zoneAreas` reads its zone. */
const pendingZoneAreas = sql<{ id: number; name: string }[] | null>`case
  when organizations.pending_zone_at is null then null
  else coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name) order by a.id)
    from organization_pending_areas pa join areas a on a.id = pa.area_id
    where pa.organization_id = organizations.id), '[]'::jsonb) end`

function statusFilter(status: OrganizationListFilter | undefined): SQL | undefined {
  if (status === undefined || status === 'all') return undefined
  if (status === NAME_CHANGE_FILTER) return isNotNull(organizations.pending_name)
  if (status === ZONE_CHANGE_FILTER) return isNotNull(organizations.pending_zone_at)
  return eq(organizations.status, status)
}

export async function listAdminOrganizations(
  db: Db,
  filters: { q?: string; status?: OrganizationListFilter },
  page: number,
) {
  const pattern = filters.q ? containing(filters.q) : undefined
  const where: SQL | undefined = and(
    statusFilter(filters.status),
    pattern
      ? or(
          ilike(organizations.name, pattern),
          ilike(organizations.pending_name, pattern),
          ilike(organizations.email, pattern),
          ilike(organizations.city, pattern),
        )
      : undefined,
  )
  const [rows, [total], [counts]] = await Promise.all([
    db
      .select(adminOrganizationColumns)
      .from(organizations)
      .where(where)
      .orderBy(desc(organizations.created_at), desc(organizations.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(page, ADMIN_PAGE_SIZE)),
    db.select({ n: count() }).from(organizations).where(where),
    queryRows<{
      total: number
      approved: number
      pending: number
      suspended: number
      name_changes: number
      zone_changes: number
    }>(
      db,
      // As the table shows them: a suspended organisation reads "Suspendu" whatever its status,
      // so it is counted there only, and the counts add up (with the rejected) to the total.
      sql`select count(*)::int as total,
        count(*) filter (where status = 'approved' and is_active)::int as approved,
        count(*) filter (where status = 'pending' and is_active)::int as pending,
        count(*) filter (where not is_active)::int as suspended,
        count(*) filter (where pending_name is not null)::int as name_changes,
        count(*) filter (where pending_zone_at is not null)::int as zone_changes
      from ${organizations}`,
    ),
  ])
  const items = rows.map(toAdminOrganization)
  return {
    items,
    total: total?.n ?? 0,
    page,
    pageSize: ADMIN_PAGE_SIZE,
    counts: {
      total: Number(counts?.total ?? 0),
      approved: Number(counts?.approved ?? 0),
      pending: Number(counts?.pending ?? 0),
      suspended: Number(counts?.suspended ?? 0),
      name_changes: Number(counts?.name_changes ?? 0),
      zone_changes: Number(counts?.zone_changes ?? 0),
    },
  }
}

/** node-postgres parses text[] into an array; PGlite may hand back the literal. */
function parseArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  if (typeof value === 'string' && value.startsWith('{')) {
    return value
      .slice(1, -1)
      .split(',')
      .filter(Boolean)
      .map((item) => item.replace(/^"|"$/g, ''))
  }
  return []
}

/** What a decision on a requested name sets: the name taken (the old one goes), or the request dropped. */
const NAME_CHANGES = {
  approve: { name: sql`${organizations.pending_name}`, pending_name: null, pending_name_at: null },
  reject: { pending_name: null, pending_name_at: null },
} satisfies Record<NameChangeDecision, PgUpdateSetSource<typeof organizations>>

export async function updateOrganizationByAdmin(
  db: Db,
  id: string,
  changes: { status?: OrganizationStatus; is_active?: boolean; name_change?: NameChangeDecision },
  now: Date,
) {
  const { name_change: nameChange, ...decision } = changes
  let updated: { id: string; name: string; pending_name: string | null; status: string; is_active: boolean }[]
  try {
    updated = await db
      .update(organizations)
      .set({ ...decision, ...(nameChange ? NAME_CHANGES[nameChange] : {}), updated_at: now.toISOString() })
      .where(and(eq(organizations.id, id), nameChange ? isNotNull(organizations.pending_name) : undefined))
      .returning({
        id: organizations.id,
        name: organizations.name,
        pending_name: organizations.pending_name,
        status: organizations.status,
        is_active: organizations.is_active,
      })
  } catch (error) {
    throw asNameTaken(error)
  }
  if (updated.length > 0) return updated[0]
  const [exists] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, id))
  throw exists ? new AppError('conflict', { reason: 'nameChange.noRequest' }) : new AppError('not_found')
}

/**
 * The organisations that may be given a report of this category and commune: approved, active,
 * in charge of the category, and covering the commune (or the whole department).
 */
const mayReceive = (report: { categoryId: number; areaId: number | null }) =>
  and(
    eq(organizations.status, 'approved'),
    eq(organizations.is_active, true),
    sql`${organizations.id} in (select co.organization_id from categorie_organization co where co.categorie_id = ${report.categoryId})`,
    inZoneOf(organizations.id, sql`${report.areaId}`),
  )

/** The organisations an administrator may assign a report to, by name; 404 for an unknown report. */
export async function eligibleOrganizations(db: Db, reportId: string) {
  const [report] = await db
    .select({ categoryId: reports.category_id, areaId: reports.area_id })
    .from(reports)
    .where(eq(reports.id, reportId))
  if (!report) throw new AppError('not_found')
  const items = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(mayReceive(report))
    .orderBy(asc(organizations.name), asc(organizations.id))
  return { items }
}

/**
 * The organisation an administrator assigns a report to: 400 when there is no such organisation,
 * 409 when it may not receive it (not approved, suspended, another category or commune).
 */
export async function eligibleOrganization(
  db: Db,
  organizationId: string,
  report: { categoryId: number; areaId: number | null },
) {
  const [found] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      eligible: sql<boolean>`${mayReceive(report)}`,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  if (!found)
    throw new AppError('invalid_input', { reason: 'admin.organizationUnknown', field: 'organization_id' })
  if (!found.eligible) throw new AppError('conflict', { reason: 'admin.organizationNotEligible' })
  return { id: found.id, name: found.name }
}
const adminOrganizationColumns = {
  id: organizations.id,
  name: organizations.name,
  type: organizations.type,
  email: organizations.email,
  phone: organizations.phone,
  address: organizations.address,
  city: organizations.city,
  status: organizations.status,
  is_active: organizations.is_active,
  pending_name: organizations.pending_name,
  created_at: organizations.created_at,
  last_login: organizations.last_login,
  categories: categoryNames,
  areas: zoneAreas,
  pending_areas: pendingZoneAreas,
}

type AdminOrganizationRow = Omit<AdminOrganization, 'categories' | 'created_at' | 'last_login'> & {
  categories: Parameters<typeof parseArray>[0]
  created_at: string
  last_login: string | null
}

function toAdminOrganization(row: AdminOrganizationRow): AdminOrganization {
  return {
    ...row,
    categories: parseArray(row.categories),
    created_at: toIso(row.created_at),
    last_login: row.last_login ? toIso(row.last_login) : null,
  }
}

/** One organisation as the administrators' details show it (its members apart). */
export async function adminOrganization(db: Db, id: string): Promise<AdminOrganization> {
  const [row] = await db.select(adminOrganizationColumns).from(organizations).where(eq(organizations.id, id))
  if (!row) throw new AppError('not_found')
  return toAdminOrganization(row)
}
