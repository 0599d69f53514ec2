// The open-data exports: every public report (the set of the home page and the map), read in
// batches by keyset like the admin export, with only the columns a report's public page shows.
import { and, eq, gte, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { communeNameAt } from '../../domain/communes'
import type { PublicExportColumn, PublicExportQuery } from '../../domain/public-data'
import { type Db, queryRows } from '../db/database'
import { organizations, reports } from '../db/schema'
import { publicReports } from '../reports/scopes'

export const PUBLIC_EXPORT_BATCH = 5000

/** One report as the exports give it, the dates already in ISO 8601 UTC. */
export type PublicExportRow = Record<PublicExportColumn, string | number | null> & {
  latitude: number
  longitude: number
}

interface BatchRow extends Omit<PublicExportRow, 'commune'> {
  id: string
  /** Where the next batch starts. */
  cursor_created_at: string
}

const isoUtc = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

function exportFilter(query: PublicExportQuery): SQL | undefined {
  return and(
    publicReports.rows,
    query.category !== undefined ? eq(reports.category_id, query.category) : undefined,
    query.status !== undefined ? eq(reports.status, query.status) : undefined,
    query.since !== undefined ? gte(reports.created_at, query.since.toISOString()) : undefined,
  )
}

/**
 * Every public report matching the filters, newest first, in batches: at most two batches in
 * memory whatever the number of reports. The commune is named from the position, as a report's
 * page names its place when it has no address.
 */
export async function* publicExportRows(db: Db, query: PublicExportQuery): AsyncGenerator<PublicExportRow[]> {
  const where = exportFilter(query)
  const batchAfter = (after: BatchRow | null) =>
    queryRows<BatchRow>(
      db,
      sql`select reports.id, reports.type as category, reports.status, reports.description,
          reports.latitude, reports.longitude, ${isoUtc(reports.created_at)} as created_at,
          ${isoUtc(reports.claimed_at)} as claimed_at, ${isoUtc(reports.resolved_at)} as resolved_at,
          organizations.name as organization, reports.created_at::text as cursor_created_at
        from ${reports} left join ${organizations} on organizations.id = reports.assigned_organization_id
        where ${and(
          where,
          after
            ? sql`(${reports.created_at}, ${reports.id}) < (${after.cursor_created_at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        )}
        order by reports.created_at desc, reports.id desc
        limit ${PUBLIC_EXPORT_BATCH}`,
    )
  const shaped = (rows: BatchRow[]): PublicExportRow[] =>
    rows.map(({ cursor_created_at: _cursor, ...row }) => ({
      ...row,
      commune: communeNameAt(row.latitude, row.longitude),
    }))
  let batch = await batchAfter(null)
  for (;;) {
    const last = batch.at(-1)
    // The next batch is read while this one is written out.
    const next = last && batch.length === PUBLIC_EXPORT_BATCH ? batchAfter(last) : null
    // A reader that stops early leaves `next` unread: its failure must not go unhandled.
    next?.catch(() => {})
    if (batch.length) yield shaped(batch)
    if (!next) return
    batch = await next
  }
}
