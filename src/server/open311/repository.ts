import { and, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm'
import { communeNameAt } from '../../domain/communes'
import type { Open311Request, Open311RequestsQuery, Open311Service } from '../../domain/open311'
import {
  OPEN311_DEFAULT_DAYS,
  OPEN311_MAX_REQUESTS,
  OPEN311_STATUS_MEMBERS,
  open311Status,
  open311StatusNotes,
} from '../../domain/open311-rules'
import { listCategories } from '../categories/repository'
import type { Db } from '../db/database'
import { categories, organizations, reports } from '../db/schema'
import { toIso } from '../db/values'
import { publicReports } from '../reports/scopes'

const DAY_MS = 24 * 60 * 60 * 1000

/** The categories, as GeoReport v2 services. */
export async function open311Services(db: Db): Promise<Open311Service[]> {
  const rows = await listCategories(db)
  return rows.map((category) => ({
    service_code: String(category.id),
    service_name: category.nom,
    description: `Signalements « ${category.nom} » du département de Dakar`,
    metadata: false,
    type: 'realtime',
    keywords: '',
    group: '',
  }))
}

export async function serviceExists(db: Db, code: string): Promise<boolean> {
  const id = Number(code)
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id))
  return row !== undefined
}

// Only what the home page already shows, plus the managing organisation's name and the photo of
// the fix (public, issue 29): never the device hash, the citizen's photo or voice note (shown to
// organisations only), nor the anonymous code.
const requestColumns = {
  id: reports.id,
  status: reports.status,
  type: reports.type,
  category_id: reports.category_id,
  description: reports.description,
  address: reports.address,
  latitude: reports.latitude,
  longitude: reports.longitude,
  created_at: reports.created_at,
  updated_at: reports.updated_at,
  agency: organizations.name,
  resolution_photo_url: reports.resolution_photo_url,
}

type RequestRow = {
  id: string
  status: string
  type: string
  category_id: number
  description: string
  address: string | null
  latitude: number
  longitude: number
  created_at: string
  updated_at: string
  agency: string | null
  resolution_photo_url: string | null
}

function asOpen311(row: RequestRow): Open311Request {
  return {
    service_request_id: row.id,
    status: open311Status(row.status),
    status_notes: open311StatusNotes(row.status),
    service_name: row.type,
    service_code: String(row.category_id),
    description: row.description,
    agency_responsible: row.agency,
    service_notice: null,
    requested_datetime: toIso(row.created_at),
    updated_datetime: toIso(row.updated_at),
    expected_datetime: null,
    // Where no address was given, the commune of Dakar the report lies in (null outside them).
    address: row.address?.trim() || communeNameAt(row.latitude, row.longitude),
    address_id: null,
    zipcode: null,
    lat: row.latitude,
    long: row.longitude,
    // The site's address is the route's to add (site-origin.ts).
    media_url: row.resolution_photo_url,
  }
}

function selectRequests(db: Db, where: SQL | undefined) {
  return db
    .select(requestColumns)
    .from(reports)
    .leftJoin(organizations, eq(organizations.id, reports.assigned_organization_id))
    .where(and(publicReports.rows, where))
}

/**
 * GET requests.json. Given ids, exactly those (the other parameters are then ignored, as the
 * standard says); otherwise the filters, over the last 90 days when no date is given, newest
 * first, at most 1000.
 */
export async function open311Requests(
  db: Db,
  query: Open311RequestsQuery,
  now: Date,
): Promise<Open311Request[]> {
  if (query.service_request_id?.length) {
    const rows = await selectRequests(db, inArray(reports.id, query.service_request_id))
      .orderBy(desc(reports.created_at))
      .limit(OPEN311_MAX_REQUESTS)
    return rows.map(asOpen311)
  }
  const conditions: SQL[] = []
  if (query.service_code?.length) {
    const ids = query.service_code.map(Number).filter((id) => id <= 2_147_483_647)
    if (ids.length === 0) return []
    conditions.push(inArray(reports.category_id, ids))
  }
  if (query.status?.length) {
    conditions.push(
      inArray(
        reports.status,
        query.status.flatMap((status) => OPEN311_STATUS_MEMBERS[status]),
      ),
    )
  }
  const start =
    query.start_date ?? (query.end_date ? undefined : new Date(now.getTime() - OPEN311_DEFAULT_DAYS * DAY_MS))
  if (start) conditions.push(gte(reports.created_at, start.toISOString()))
  if (query.end_date) conditions.push(lte(reports.created_at, query.end_date.toISOString()))
  const rows = await selectRequests(db, and(...conditions))
    .orderBy(desc(reports.created_at), desc(reports.id))
    .limit(OPEN311_MAX_REQUESTS)
  return rows.map(asOpen311)
}

/** GET requests/{id}.json. */
export async function open311Request(db: Db, id: string): Promise<Open311Request | undefined> {
  const [row] = await selectRequests(db, eq(reports.id, id))
  return row ? asOpen311(row) : undefined
}
