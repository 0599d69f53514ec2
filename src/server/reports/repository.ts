import { desc } from 'drizzle-orm'
import { HOME_RECENT_REPORTS } from '../../domain/constants'
import type { RecentReport } from '../../domain/report'
import type { Db } from '../db/database'
import { reports } from '../db/schema'
import { toIso } from '../db/values'
import { countInScope } from './read-models'
import { publicReports } from './scopes'

export async function recentReports(db: Db): Promise<RecentReport[]> {
  const rows = await db
    .select({
      id: reports.id,
      type: reports.type,
      description: reports.description,
      status: reports.status,
      created_at: reports.created_at,
      address: reports.address,
      department: reports.department,
    })
    .from(reports)
    .where(publicReports.rows)
    .orderBy(desc(reports.created_at), desc(reports.id))
    .limit(HOME_RECENT_REPORTS)
  return rows.map((row) => ({ ...row, created_at: toIso(row.created_at) }))
}

/** From the count tables: the home page never counts a million rows. */
export function countPublicReports(db: Db): Promise<number> {
  return countInScope(db, publicReports)
}
