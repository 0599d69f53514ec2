import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { EventType } from '../../domain/events'
import { type MessageReason, messageOf } from '../../domain/messages'
import { pushNewsOf } from '../../domain/push-rules'
import type { ResolutionPhoto } from '../../domain/report'
import type { CreatedReport } from '../../domain/report-filing'
import { REJECTED_STATUS, type ReportPriority, type ReportStatus } from '../../domain/report-states'
import {
  type Actor,
  type HistoryLine,
  type ReportAction,
  type ReportFields,
  type ReportState,
  transition,
} from '../../domain/report-transitions'
import type { MemberRole } from '../../domain/team-rules'
import { eligibleOrganization } from '../admin/organizations-repository'
import { type Device, saveDevice } from '../citizens/device'
import { followReport } from '../citizens/repository'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { notifications, organizationMembers, reportEvents, reportSupports, reports } from '../db/schema'
import { isUniqueViolation, toIso } from '../db/values'
import { AppError } from '../errors'
import type { EventBus } from '../events/event-bus'
import { reportEvent } from '../events/report-audience'
import { processPhoto } from '../media/process-media'
import { queuePushNews } from '../push/push-outbox'
import type { SmsNews } from '../sms/sms-news'
import type { FileStorage } from '../storage/file-storage'
import { storageKeyOf } from '../storage/file-storage'
import {
  type ActionKey,
  type OrganizationAction,
  recordActionReceipt,
  replayedAnswer,
} from './action-receipts'
import { tellNewAssignee } from './assignee-news'
import { createReport, type NewReport } from './create-report'
import { resolutionOf } from './resolution-photos'
import { coveredBy, visibleTo } from './scopes'

/**
 * Every change to a report after its filing, one service per action: in one transaction, the
 * report's row is locked, the caller's access checked, the transition of the domain
 * (report-transitions.ts) decides, the row and its history are written, with the notifications
 * the filing device's phones are to get (push-rules.ts); once committed, the live event is
 * published (which also empties the read caches of every instance and wakes the push sender).
 */
export interface LifecycleDeps {
  db: Db
  events: EventBus
  clock: Clock
  storage: FileStorage
  /** The news by SMS to a report filed by SMS, when the channel is on (issue 31). */
  smsNews?: SmsNews
}

type ReportRow = typeof reports.$inferSelect

function stateOf(row: ReportRow, answers?: ReportState['answers']): ReportState {
  return {
    status: row.status,
    priority: row.priority,
    assignedOrganizationId: row.assigned_organization_id,
    assigneeId: row.assignee_id,
    reporterHash: row.reporter_hash,
    resolvedAt: row.resolved_at ? toIso(row.resolved_at) : null,
    answers,
  }
}

/** The history of "Est-ce réglé ?" answers, which decides whether the device may answer again. */
async function answersOf(tx: Db, reportId: string) {
  const rows = await tx
    .select({ kind: reportEvents.kind, created_at: reportEvents.created_at })
    .from(reportEvents)
    .where(and(eq(reportEvents.report_id, reportId), inArray(reportEvents.kind, ['confirmed', 'reopened'])))
    .orderBy(asc(reportEvents.created_at))
  return rows.map((row) => ({ kind: row.kind, created_at: toIso(row.created_at) }))
}

interface Step<T> {
  reportId: string
  /** The message of the 404 when there is no such report. */
  notFound?: MessageReason
  actor: Actor
  /** Applied in turn, each on the state the previous one left (or read from the locked report). */
  actions: ReportAction[] | ((report: ReportRow, tx: Db) => Promise<ReportAction[]>)
  /** Who may act on this report at all (DESIGN.md section 7): throws 404 or 403. */
  access?: (report: ReportRow, tx: Db) => Promise<void>
  /** What else the action writes in the same transaction (a message, a support), given its history lines. */
  writeAlongside?: (tx: Db, report: ReportRow, at: string, lines: HistoryLine[]) => Promise<T>
  /** The message written to the filing device, which its phone is also told of. */
  message?: { title: string; message: string }
  /** The Idempotency-Key it was sent under: its receipt keeps `writeAlongside`'s result as the answer. */
  receipt?: ActionKey
  event: EventType
}

async function act<T>(deps: LifecycleDeps, step: Step<T>): Promise<{ report: ReportRow; result: T }> {
  const now = deps.clock.now()
  const at = now.toISOString()
  const outcome = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    const [row] = await db.select().from(reports).where(eq(reports.id, step.reportId)).for('update')
    if (!row) throw new AppError('not_found', { reason: step.notFound })
    await step.access?.(row, db)
    const actions = typeof step.actions === 'function' ? await step.actions(row, db) : step.actions
    const needsAnswers = actions.some((action) => action.kind === 'confirm' || action.kind === 'reopen')
    let state = stateOf(row, needsAnswers ? await answersOf(db, row.id) : undefined)
    let fields: ReportFields = {}
    const lines: HistoryLine[] = []
    for (const action of actions) {
      const next = transition(state, action, step.actor, now)
      if (!next.ok) throw new AppError(next.refusal.code, { reason: next.refusal.reason })
      fields = { ...fields, ...next.fields }
      lines.push(...next.events)
      state = {
        ...state,
        status: next.fields.status ?? state.status,
        priority: next.fields.priority ?? state.priority,
        assignedOrganizationId: next.fields.assigned_organization_id ?? state.assignedOrganizationId,
        assigneeId: next.fields.assignee_id === undefined ? state.assigneeId : next.fields.assignee_id,
        resolvedAt: next.fields.resolved_at === undefined ? state.resolvedAt : next.fields.resolved_at,
      }
    }
    const [report = row] =
      Object.keys(fields).length > 0
        ? await db.update(reports).set(fields).where(eq(reports.id, row.id)).returning()
        : [row]
    if (lines.length > 0) {
      await db
        .insert(reportEvents)
        .values(lines.map((event) => ({ ...event, report_id: row.id, created_at: at })))
    }
    const result = (await step.writeAlongside?.(db, report, at, lines)) as T
    if (step.receipt) await recordActionReceipt(db, step.receipt, { response: result, at })
    const news = pushNewsOf(lines, step.message)
    await queuePushNews(db, report, news, now)
    await deps.smsNews?.(db, report, news, now)
    await tellNewAssignee(db, { before: row, after: report, actor: step.actor, at: now })
    return {
      report,
      result, // A hand-over writes no line of history, yet changes what the organisation's screens show.
      changed: lines.length > 0 || Object.keys(fields).length > 0,
      previousOrganizationId: row.assigned_organization_id,
    }
  })
  if (outcome.changed) {
    await deps.events.publish(
      await reportEvent(deps.db, step.event, step.reportId, outcome.previousOrganizationId),
    )
  }
  return { report: outcome.report, result: outcome.result }
}

/**
 * A report an organisation cannot see at all (another organisation's, another category's or
 * commune's, a rejected one it does not manage) is "not found", whatever the organisation does.
 */
async function requireVisibleTo(organizationId: string, reportId: string, db: Db) {
  const [visible] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.id, reportId), visibleTo(organizationId)))
  if (!visible) throw new AppError('not_found')
}

/**
 * An organisation may act only on a report it manages. One it cannot see is "not found"; one it
 * can see in its available list but does not manage yet is refused.
 */
async function requireManagedBy(organizationId: string, report: ReportRow, tx: Db) {
  if (report.assigned_organization_id === organizationId) return
  await requireVisibleTo(organizationId, report.id, tx)
  throw new AppError('forbidden', { reason: 'claim.notYours' })
}

/** A report outside an organisation's categories or zone does not exist for it, claimed or not. */
async function requireCoveredBy(organizationId: string, report: ReportRow, tx: Db) {
  if (report.assigned_organization_id === organizationId) return
  const [covered] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.id, report.id), coveredBy(organizationId)))
  if (!covered) throw new AppError('not_found')
}

export type ResolutionAnswerKind = 'confirm' | 'reopen'

/** A member acting for their organisation (issue 29). */
export interface OrganizationActor {
  organizationId: string
  member: { id: string; role: MemberRole }
}

const actorOf = ({ organizationId, member }: OrganizationActor): Actor => ({
  type: 'organization',
  id: organizationId,
  member,
})

/**
 * An organisation's action sent under an Idempotency-Key is done once: a repeat, even one that
 * arrives while the first is still running, gets the first answer (action-receipts.ts), as long
 * as the organisation may still see the report: given to another organisation since, it is not
 * found, as it would be without the key.
 */
async function onceUnder<T>(
  db: Db,
  by: OrganizationActor,
  key: ActionKey | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (!key) return run()
  const answerAgain = async (replay: { response: unknown }) => {
    await requireVisibleTo(by.organizationId, key.reportId, db)
    return replay.response as T
  }
  const replay = await replayedAnswer(db, key)
  if (replay) return answerAgain(replay)
  try {
    return await run()
  } catch (error) {
    if (!isUniqueViolation(error, 'organization_action_receipts_pkey')) throw error
    const raced = await replayedAnswer(db, key)
    if (!raced) throw error
    return answerAgain(raced)
  }
}

/** The member a report is handed to must be an active member of the organisation that manages it. */
async function requireActiveMemberOf(organizationId: string, memberId: string, tx: Db) {
  const [member] = await tx
    .select({ status: organizationMembers.status })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.id, memberId), eq(organizationMembers.organization_id, organizationId)))
  if (!member) throw new AppError('not_found', { reason: 'team.memberNotFound' })
  if (member.status !== 'active') throw new AppError('conflict', { reason: 'team.assigneeNotActive' })
}

export function createReportLifecycle(deps: LifecycleDeps) {
  return {
    /** Files a report (a citizen's device, or another application through Open311). */
    async file(input: NewReport): Promise<CreatedReport> {
      const created = await createReport(deps, input)
      await deps.events.publish(await reportEvent(deps.db, 'reports.changed', created.id))
      return created
    },

    /** Claims an unassigned report of its categories: of many organisations at once, one wins. */
    async claim(by: OrganizationActor, reportId: string): Promise<ReportRow> {
      const { organizationId } = by
      const [seen] = await deps.db
        .select({ assigned: reports.assigned_organization_id })
        .from(reports)
        .where(eq(reports.id, reportId))
      try {
        const { report } = await act(deps, {
          reportId,
          actor: actorOf(by),
          actions: [{ kind: 'claim' }],
          access: (report, tx) => requireCoveredBy(organizationId, report, tx),
          event: 'reports.changed',
        })
        return report
      } catch (error) {
        // Free when the organisation looked, taken by the time its claim was taken in turn.
        const lostTheRace =
          error instanceof AppError && error.reason === 'claim.alreadyClaimed' && seen?.assigned === null
        if (lostTheRace) throw new AppError('conflict', { reason: 'claim.claimedMeanwhile' })
        throw error
      }
    },

    /**
     * The managing organisation changes a report, in one transaction: a responsable hands it to
     * one of its active members (or takes it back), and its status is set (en-attente, en-cours,
     * resolu) by a responsable or the agent it is handed to.
     */
    async changeByOrganization(
      by: OrganizationActor,
      reportId: string,
      change: { status?: ReportStatus; assigneeId?: string | null },
      idempotencyKey?: string,
    ) {
      const { status, assigneeId } = change
      const receipt = keyOf(by, reportId, idempotencyKey, 'change')
      await onceUnder(deps.db, by, receipt, () =>
        act(deps, {
          receipt,
          reportId,
          actor: actorOf(by),
          actions: [
            ...(assigneeId === undefined ? [] : [{ kind: 'hand-over' as const, assigneeId }]),
            ...(status ? [{ kind: 'set-status' as const, status }] : []),
          ],
          access: async (report, tx) => {
            await requireManagedBy(by.organizationId, report, tx)
            if (assigneeId) await requireActiveMemberOf(by.organizationId, assigneeId, tx)
          },
          event: 'reports.changed',
        }),
      )
    },

    /** The managing organisation writes to the device that filed the report. */
    async sendMessage(
      by: OrganizationActor,
      reportId: string,
      message: { title: string; message: string },
      idempotencyKey?: string,
    ) {
      const { organizationId } = by
      const receipt = keyOf(by, reportId, idempotencyKey, 'message')
      return onceUnder(deps.db, by, receipt, async () => {
        const { result } = await act(deps, {
          receipt,
          reportId,
          actor: actorOf(by),
          actions: [{ kind: 'message', title: message.title }],
          access: (report, tx) => requireManagedBy(organizationId, report, tx),
          message,
          writeAlongside: async (tx, report, at) => {
            const [sent] = await tx
              .insert(notifications)
              .values({
                report_id: report.id,
                organization_id: organizationId,
                title: message.title,
                message: message.message,
                type: 'info',
                anonymous_code: report.anonymous_code,
                created_at: at,
              })
              .returning()
            if (!sent) throw new Error('insert returned no row')
            return { ...sent, report_type: report.type, created_at: toIso(sent.created_at) }
          },
          event: 'notifications.created',
        })
        return result
      })
    },

    /**
     * The photo of the fix (issue 29), by a member who may work on the report: re-encoded like a
     * citizen's (EXIF and GPS gone), it replaces the one before, whose files are then removed.
     */
    async addResolutionPhoto(
      by: OrganizationActor,
      reportId: string,
      input: { photo: Buffer; note: string | null },
      idempotencyKey?: string,
    ): Promise<ResolutionPhoto> {
      const receipt = keyOf(by, reportId, idempotencyKey, 'resolution')
      return onceUnder(deps.db, by, receipt, async () => {
        await mayAddResolutionPhoto(deps, by, reportId)
        const processed = await processPhoto(input.photo)
        const stored: string[] = []
        const store = async (bytes: Buffer) => {
          const key = await deps.storage.put(bytes, 'webp')
          stored.push(key)
          return deps.storage.urlOf(key)
        }
        let replaced: (string | null)[] = []
        let committed: { result: ResolutionPhoto } | undefined
        try {
          const photoUrl = await store(processed.photo)
          const thumbUrl = await store(processed.thumbnail)
          committed = await act(deps, {
            reportId,
            actor: actorOf(by),
            actions: [{ kind: 'resolution-photo' }],
            access: (report, tx) => requireManagedBy(by.organizationId, report, tx),
            writeAlongside: async (tx, report, at) => {
              replaced = [report.resolution_photo_url, report.resolution_photo_thumb_url]
              const [updated] = await tx
                .update(reports)
                .set({
                  resolution_photo_url: photoUrl,
                  resolution_photo_thumb_url: thumbUrl,
                  resolution_note: input.note,
                  resolution_photo_at: at,
                })
                .where(eq(reports.id, report.id))
                .returning()
              const resolution = updated && resolutionOf(updated)
              if (!resolution) throw new Error('update returned no row')
              return resolution
            },
            receipt,
            event: 'reports.changed',
          })
        } catch (error) {
          // Nothing was written: the files just stored are nobody's.
          await removeFiles(deps.storage, stored.map(deps.storage.urlOf))
          throw error
        }
        // The photo it replaces is no longer anybody's.
        await removeFiles(deps.storage, replaced)
        return committed.result
      })
    },

    /**
     * An administrator moderates: assigns the report to an organisation of its category, sets a
     * status (a rejection with its reason, which is also sent to the filing device as a message)
     * and the priority, in this order.
     */
    async changeByAdmin(
      adminId: string,
      reportId: string,
      changes: {
        status?: ReportStatus
        priority?: ReportPriority
        reason?: string
        organization_id?: string
      },
    ) {
      const { result: notified } = await act(deps, {
        reportId,
        actor: { type: 'admin', id: adminId },
        actions: async (report, tx) => {
          const actions: ReportAction[] = []
          if (changes.organization_id) {
            const organization = await eligibleOrganization(tx, changes.organization_id, {
              categoryId: report.category_id,
              areaId: report.area_id,
            })
            actions.push({
              kind: 'assign',
              organizationId: organization.id,
              organizationName: organization.name,
            })
          }
          if (changes.status)
            actions.push({ kind: 'set-status', status: changes.status, reason: changes.reason })
          if (changes.priority) actions.push({ kind: 'set-priority', priority: changes.priority })
          return actions
        },
        writeAlongside: async (tx, report, at, lines) => {
          const rejection = lines.find(
            (line) => line.kind === 'status_changed' && line.to_status === REJECTED_STATUS,
          )
          const reason = rejection?.data?.reason
          if (typeof reason !== 'string') return false
          await tx.insert(notifications).values({
            report_id: report.id,
            organization_id: null,
            title: messageOf('admin.rejectionTitle'),
            message: reason,
            type: 'rejection',
            anonymous_code: report.anonymous_code,
            created_at: at,
          })
          return true
        },
        event: 'reports.changed',
      })
      if (notified) await deps.events.publish(await reportEvent(deps.db, 'notifications.created', reportId))
    },

    /**
     * The filing device's answer to "Est-ce réglé ?": "Oui" records the confirmation; "Non" puts
     * the report back to en-attente for the organisation that manages it.
     */
    async answerResolution(deviceHash: string, reportId: string, answer: ResolutionAnswerKind) {
      const { report } = await act(deps, {
        reportId,
        actor: { type: 'citizen', deviceHash },
        actions: [{ kind: answer }],
        event: 'reports.changed',
      })
      return { report_id: report.id, status: report.status }
    },

    /**
     * "Moi aussi": once per device, never on its own report nor on a closed one. The count, the
     * history and the device's follow are written together, so that the device then sees the
     * report under "Mes signalements".
     */
    async support(device: Pick<Device, 'hash'>, reportId: string): Promise<number> {
      const { result } = await act(deps, {
        reportId,
        notFound: 'support.notFound',
        actor: { type: 'citizen', deviceHash: device.hash },
        actions: [{ kind: 'support' }],
        writeAlongside: async (tx, report, at) => {
          await saveDevice(tx, device, new Date(at))
          const added = await tx
            .insert(reportSupports)
            .values({ report_id: report.id, reporter_hash: device.hash, created_at: at })
            .onConflictDoNothing()
            .returning({ id: reportSupports.report_id })
          if (added.length === 0) throw new AppError('conflict', { reason: 'support.alreadySupported' })
          const [updated] = await tx
            .update(reports)
            .set({ supporters_count: sql`${reports.supporters_count} + 1` })
            .where(eq(reports.id, report.id))
            .returning({ supporters_count: reports.supporters_count })
          await followReport(tx, device.hash, report.id)
          return updated?.supporters_count ?? 0
        },
        event: 'reports.changed',
      })
      return result
    },
  }
}

export type ReportLifecycle = ReturnType<typeof createReportLifecycle>

/**
 * Checked before the photo is read or a file written, so that a caller who may not act leaves
 * nothing behind; the transaction checks again on the locked report.
 */
async function mayAddResolutionPhoto(deps: LifecycleDeps, by: OrganizationActor, reportId: string) {
  const [row] = await deps.db.select().from(reports).where(eq(reports.id, reportId))
  if (!row) throw new AppError('not_found')
  await requireManagedBy(by.organizationId, row, deps.db)
  const allowed = transition(stateOf(row), { kind: 'resolution-photo' }, actorOf(by), deps.clock.now())
  if (!allowed.ok) throw new AppError(allowed.refusal.code, { reason: allowed.refusal.reason })
}

function keyOf(
  by: OrganizationActor,
  reportId: string,
  idempotencyKey: string | undefined,
  action: OrganizationAction,
): ActionKey | undefined {
  return idempotencyKey === undefined
    ? undefined
    : { idempotencyKey, memberId: by.member.id, reportId, action }
}

async function removeFiles(storage: FileStorage, urls: readonly (string | null)[]) {
  await Promise.all(urls.map((url) => url && storage.remove(storageKeyOf(url))))
}
