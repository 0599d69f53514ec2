import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type {
  CitizenNotification,
  CitizenReport,
  PublicReportEvent,
  ReportEvent,
  TeamReportEvent,
  TrackedReport,
} from '../../domain/citizen'
import { resolutionQuestion } from '../../domain/citizen-actions'
import { isPublicStatus } from '../../domain/report-states'
import type { Db } from '../db/database'
import {
  notifications,
  organizationMembers,
  organizations,
  reportEvents,
  reportFollows,
  reportSupports,
  reports,
} from '../db/schema'
import { toIso } from '../db/values'
import { withoutRejectedMedia } from '../files/media-access'
import { resolutionOf } from '../reports/resolution-photos'

/** The most reports a device lists; far more than a citizen files. */
const DEVICE_REPORTS_LIMIT = 200

const followedBy = (deviceHash: string) =>
  sql`reports.id in (select f.report_id from report_follows f where f.reporter_hash = ${deviceHash})`

/**
 * Reports this device filed, follows or supports, newest first, each with its history and
 * whether "Est-ce réglé ?" is to be asked. The code, the photo, the voice note (a voice can
 * identify a person) and the messages' titles belong to the device that filed the report: a
 * device that follows or supports it sees its public fields, its status and its public history
 * only.
 */
export async function reportsOfDevice(db: Db, deviceHash: string, now: Date): Promise<CitizenReport[]> {
  const rows = await db
    .select()
    .from(reports)
    .where(or(eq(reports.reporter_hash, deviceHash), followedBy(deviceHash)))
    .orderBy(desc(reports.created_at))
    .limit(DEVICE_REPORTS_LIMIT)
  const ids = rows.map((r) => r.id)
  const history = await historiesOfReports(db, ids)
  const supported = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: reportSupports.report_id })
            .from(reportSupports)
            .where(and(eq(reportSupports.reporter_hash, deviceHash), inArray(reportSupports.report_id, ids)))
        ).map((support) => support.id),
  )
  return rows.map((row) => {
    const filedHere = row.reporter_hash === deviceHash
    // A rejected report's files are the administrators' alone (files/media-access.ts).
    const media = filedHere
      ? withoutRejectedMedia(row)
      : { photo_url: null, photo_thumb_url: null, audio_url: null }
    const events = history.get(row.id) ?? []
    return {
      id: row.id,
      anonymous_code: filedHere ? row.anonymous_code : null,
      type: row.type,
      description: row.description,
      status: row.status,
      address: row.address,
      department: row.department,
      latitude: row.latitude,
      longitude: row.longitude,
      photo_url: media.photo_url,
      photo_thumb_url: media.photo_thumb_url,
      audio_url: media.audio_url,
      resolution: isPublicStatus(row.status) ? resolutionOf(row) : null,
      created_at: toIso(row.created_at),
      updated_at: toIso(row.updated_at),
      filed_by_this_device: filedHere,
      supported_by_this_device: supported.has(row.id),
      supporters_count: row.supporters_count,
      resolution_question: resolutionQuestion({
        status: row.status,
        filedByThisDevice: filedHere,
        resolvedAt: row.resolved_at ? toIso(row.resolved_at) : null,
        history: events,
        now,
      }),
      history: filedHere ? events : publicHistory(events),
    }
  })
}

/** A report's history as anyone may read it: what happened and when (a rejection's reason too), no message title. */
export function publicHistory(events: ReportEvent[]): ReportEvent[] {
  return events.map((event) => ({ ...event, title: null }))
}

/** A stored line of history as the API gives it (never who of an organisation acted). */
function eventOf(event: typeof reportEvents.$inferSelect): ReportEvent {
  const data = event.data as { title?: unknown; reason?: unknown; organization_name?: unknown } | null
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  return {
    kind: event.kind,
    from_status: event.from_status,
    to_status: event.to_status,
    title: text(data?.title),
    reason: text(data?.reason),
    organization_name: text(data?.organization_name),
    created_at: toIso(event.created_at),
  }
}

const oldestFirst = [asc(reportEvents.created_at), asc(reportEvents.id)]

export async function historiesOfReports(db: Db, reportIds: string[]): Promise<Map<string, ReportEvent[]>> {
  const byReport = new Map<string, ReportEvent[]>()
  if (reportIds.length === 0) return byReport
  const events = await db
    .select()
    .from(reportEvents)
    .where(inArray(reportEvents.report_id, reportIds))
    .orderBy(...oldestFirst)
  for (const event of events) {
    byReport.set(event.report_id, [...(byReport.get(event.report_id) ?? []), eventOf(event)])
  }
  return byReport
}

/**
 * A report's history as the organisation that manages it and the administrators read it: each
 * line of an organisation's action says which of its members acted (issue 29). Never given to the
 * public or to the citizen.
 */
export async function teamHistoryOf(db: Db, reportId: string): Promise<TeamReportEvent[]> {
  const rows = await db
    .select({ event: reportEvents, member_name: organizationMembers.name })
    .from(reportEvents)
    .leftJoin(organizationMembers, eq(organizationMembers.id, reportEvents.actor_member_id))
    .where(eq(reportEvents.report_id, reportId))
    .orderBy(...oldestFirst)
  return rows.map((row) => ({ ...eventOf(row.event), member_name: row.member_name }))
}

/**
 * Messages organisations sent about the reports this device filed, newest first. Following or
 * supporting a report never shows its messages: they are written to the person who filed it.
 */
export async function notificationsOfDevice(
  db: Db,
  deviceHash: string,
): Promise<{ items: CitizenNotification[]; unread: number }> {
  const rows = await db
    .select({
      id: notifications.id,
      report_id: notifications.report_id,
      anonymous_code: reports.anonymous_code,
      report_type: reports.type,
      title: notifications.title,
      message: notifications.message,
      type: notifications.type,
      created_at: notifications.created_at,
      read_at: notifications.read_at,
    })
    .from(notifications)
    .innerJoin(reports, eq(reports.id, notifications.report_id))
    .where(eq(reports.reporter_hash, deviceHash))
    .orderBy(desc(notifications.created_at))
    .limit(DEVICE_REPORTS_LIMIT)
  const items = rows.map((row) => ({
    ...row,
    created_at: toIso(row.created_at),
    read_at: row.read_at ? toIso(row.read_at) : null,
  }))
  return { items, unread: items.filter((item) => item.read_at === null).length }
}

/**
 * Marks read the messages about the reports this device filed: they are its alone, so their read
 * state is this device's and no other device's unread count changes.
 */
export async function markNotificationsRead(db: Db, deviceHash: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ read_at: now.toISOString() })
    .where(
      and(
        isNull(notifications.read_at),
        sql`${notifications.report_id} in (select ${reports.id} from ${reports} where ${reports.reporter_hash} = ${deviceHash})`,
      ),
    )
}

export async function reportIdByCode(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: reports.id }).from(reports).where(eq(reports.anonymous_code, code))
  return row?.id
}

export async function followReport(db: Db, deviceHash: string, reportId: string): Promise<void> {
  await db
    .insert(reportFollows)
    .values({ report_id: reportId, reporter_hash: deviceHash })
    .onConflictDoNothing()
}

/**
 * A report's history as anyone may read it (/suivi, its public page): what happened and when,
 * without the messages' titles, which are written to the device that filed it.
 */
export async function publicHistoryOf(db: Db, reportId: string): Promise<PublicReportEvent[]> {
  const history = (await historiesOfReports(db, [reportId])).get(reportId) ?? []
  return history.map(({ title: _, ...event }) => event)
}

/** Public tracking by code: status, dates, the organisation that handles it, and the public history. */
export async function trackReport(db: Db, code: string): Promise<TrackedReport | undefined> {
  const [found] = await db
    .select({ report: reports, organization_name: organizations.name })
    .from(reports)
    .leftJoin(organizations, eq(organizations.id, reports.assigned_organization_id))
    .where(eq(reports.anonymous_code, code))
  if (!found) return undefined
  const { report: row, organization_name } = found
  return {
    id: row.id,
    anonymous_code: row.anonymous_code,
    type: row.type,
    status: row.status,
    department: row.department,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    claimed_at: row.claimed_at ? toIso(row.claimed_at) : null,
    resolved_at: row.resolved_at ? toIso(row.resolved_at) : null,
    organization_name,
    resolution: isPublicStatus(row.status) ? resolutionOf(row) : null,
    history: await publicHistoryOf(db, row.id),
  }
}
