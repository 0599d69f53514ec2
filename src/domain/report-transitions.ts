/**
 * A report's lifecycle without I/O: what each action does to a report (the fields it sets and the
 * line it writes in the history), or why it is refused, with the reason of its French message. The server runs
 * every action in one transaction (server/reports/lifecycle.ts); nothing else changes a report.
 */
import { confirmRefusal, type ResolutionRefusal, reopenRefusal } from './citizen-actions'
import type { MessageReason } from './messages'
import {
  CLAIMED_STATUS,
  FILED_STATUS,
  HANDLED_STATUSES,
  isOpenStatus,
  isPublicStatus,
  REJECTED_STATUS,
  RESOLVED_STATUS,
  type ReportPriority,
  type ReportStatus,
} from './report-states'
import { type MemberRole, mayWorkOnReport } from './team-rules'

/** A report as its transitions read it. */
export interface ReportState {
  status: string
  priority: string
  assignedOrganizationId: string | null
  /** The member of that organisation it is handed to (issue 29); absent where it does not matter. */
  assigneeId?: string | null
  /** The device that filed it (a hash), null for a report another application filed. */
  reporterHash: string | null
  /** ISO 8601, when it was last marked resolved; null when it is not resolved. */
  resolvedAt: string | null
  /** Its "confirmed" and "reopened" history lines ("Est-ce réglé ?"). */
  answers?: readonly { kind: string; created_at: string }[]
}

export type Actor =
  | { type: 'citizen'; deviceHash: string }
  /** An organisation, through one of its members (absent for a session of before teams). */
  | { type: 'organization'; id: string; member?: { id: string; role: MemberRole } }
  | { type: 'admin'; id: string }
  /** Another application (Open311), on nobody's device. */
  | { type: 'system' }

export type ReportAction =
  | { kind: 'claim' }
  /** A rejection by an administrator carries its reason (admin.ts checks its length). */
  | { kind: 'set-status'; status: ReportStatus; reason?: string }
  /** An administrator gives the report to an organisation of its category (checked by the server). */
  | { kind: 'assign'; organizationId: string; organizationName: string }
  | { kind: 'set-priority'; priority: ReportPriority }
  /** A responsable hands the report to a member of the organisation (null takes it back). */
  | { kind: 'hand-over'; assigneeId: string | null }
  | { kind: 'message'; title: string }
  /** The photo of the fix, by a member who may work on the report. */
  | { kind: 'resolution-photo' }
  | { kind: 'support' }
  | { kind: 'confirm' }
  | { kind: 'reopen' }

export const REPORT_EVENT_KIND_VALUES = [
  'created',
  'claimed',
  'status_changed',
  'priority_changed',
  'message_sent',
  'supported',
  'confirmed',
  'reopened',
  'resolution_photo',
] as const
export type ReportEventKindValue = (typeof REPORT_EVENT_KIND_VALUES)[number]
export const REPORT_ACTOR_TYPES = ['citizen', 'organization', 'admin', 'system'] as const

/** One line of a report's history. */
export interface HistoryLine {
  kind: ReportEventKindValue
  actor_type: (typeof REPORT_ACTOR_TYPES)[number]
  actor_id: string | null
  /** Which member of the organisation acted. */
  actor_member_id: string | null
  from_status: string | null
  to_status: string | null
  data: Record<string, unknown> | null
}

/** The columns an action sets (ISO 8601 dates). */
export interface ReportFields {
  status?: ReportStatus
  priority?: ReportPriority
  assigned_organization_id?: string
  assignee_id?: string | null
  claimed_at?: string
  resolved_at?: string | null
  updated_at?: string
}

export interface Refusal {
  code: 'not_found' | 'forbidden' | 'conflict' | 'invalid_input'
  /** The domain's message that says why (messages.ts); none for a plain 403 or 404. */
  reason: MessageReason | undefined
}

export type Transition =
  | { ok: true; fields: ReportFields; events: HistoryLine[] }
  | { ok: false; refusal: Refusal }

const refuse = (code: Refusal['code'], reason?: MessageReason): Transition => ({
  ok: false,
  refusal: { code, reason },
})

/** Nothing to do: the report already is as asked. */
const unchanged: Transition = { ok: true, fields: {}, events: [] }

function line(
  actor: Actor,
  kind: ReportEventKindValue,
  extra: Partial<Pick<HistoryLine, 'from_status' | 'to_status' | 'data'>> = {},
): HistoryLine {
  return {
    kind,
    actor_type: actor.type,
    actor_id: actor.type === 'organization' || actor.type === 'admin' ? actor.id : null,
    actor_member_id: actor.type === 'organization' ? (actor.member?.id ?? null) : null,
    from_status: extra.from_status ?? null,
    to_status: extra.to_status ?? null,
    data: extra.data ?? null,
  }
}

/**
 * A status change and what it carries: the moment of a resolution, forgotten when it is left;
 * the reason of a rejection, in the history.
 */
function statusChange(
  state: ReportState,
  actor: Actor,
  status: ReportStatus,
  at: string,
  reason?: string,
): Transition {
  if (state.status === status) return unchanged
  const data = status === REJECTED_STATUS && reason ? { reason } : null
  return {
    ok: true,
    fields: { status, updated_at: at, resolved_at: status === RESOLVED_STATUS ? at : null },
    events: [line(actor, 'status_changed', { from_status: state.status, to_status: status, data })],
  }
}

function resolutionRefusal(refusal: ResolutionRefusal): Transition {
  // Another device's report is not this device's to judge; the other refusals are about its state.
  return refuse(refusal === 'notYours' ? 'forbidden' : 'conflict', `resolution.${refusal}`)
}

/**
 * Whether an organisation's member may change this report or write about it: a responsable may
 * on every report of the organisation, an agent on those handed to them only (issue 29).
 */
function mayWorkOn(state: ReportState, actor: Extract<Actor, { type: 'organization' }>): boolean {
  return mayWorkOnReport(actor.member, state.assigneeId)
}

/** A new report: its first status and the first line of its history. */
export function filing(actor: Actor, now: Date): { fields: ReportFields; events: HistoryLine[] } {
  return {
    fields: { status: FILED_STATUS, updated_at: now.toISOString() },
    events: [line(actor, 'created', { to_status: FILED_STATUS })],
  }
}

/**
 * What `action` by `actor` does to a report in `state` at `now`. Who may act on which report
 * (an organisation's categories, the report it manages) is checked before, by the server's
 * access rules; this says what the report's own state allows.
 */
export function transition(state: ReportState, action: ReportAction, actor: Actor, now: Date): Transition {
  const at = now.toISOString()
  // A rejected report is frozen for organisations: it does not exist for those who could claim
  // it, and the one that managed it may neither change it nor write about it.
  const hidden = !isPublicStatus(state.status)
  switch (action.kind) {
    case 'claim': {
      if (actor.type !== 'organization') return refuse('forbidden')
      if (hidden) return refuse('not_found')
      if (state.assignedOrganizationId === actor.id) return unchanged
      if (state.assignedOrganizationId) return refuse('conflict', 'claim.alreadyClaimed')
      return {
        ok: true,
        fields: {
          assigned_organization_id: actor.id,
          // An agent who claims a report is the one who goes.
          ...(actor.member?.role === 'agent' ? { assignee_id: actor.member.id } : {}),
          status: CLAIMED_STATUS,
          claimed_at: at,
          updated_at: at,
        },
        events: [line(actor, 'claimed', { from_status: state.status, to_status: CLAIMED_STATUS })],
      }
    }
    case 'set-status':
      if (actor.type === 'organization' && state.assignedOrganizationId !== actor.id) {
        return refuse('forbidden', 'claim.notYours')
      }
      if (actor.type === 'organization' && !mayWorkOn(state, actor))
        return refuse('forbidden', 'team.notYourReport')
      if (actor.type !== 'organization' && actor.type !== 'admin') return refuse('forbidden')
      if (actor.type === 'organization' && hidden) return refuse('conflict', 'claim.rejected')
      if (state.status === action.status) return unchanged
      // "En cours" or "Résolu" with nobody at work on it would tell the citizen a lie.
      if (HANDLED_STATUSES.includes(action.status) && !state.assignedOrganizationId) {
        return refuse('conflict', 'admin.nobodyHandles')
      }
      if (actor.type === 'admin' && action.status === REJECTED_STATUS && !action.reason?.trim()) {
        return refuse('invalid_input', 'admin.rejectionReasonRequired')
      }
      return statusChange(state, actor, action.status, at, action.reason?.trim())
    case 'assign': {
      if (actor.type !== 'admin') return refuse('forbidden')
      if (hidden) return refuse('conflict', 'admin.assignRejected')
      if (state.assignedOrganizationId === action.organizationId) return unchanged
      // As a claim would: a waiting report is now being handled; a later status stays.
      const status = state.status === FILED_STATUS ? CLAIMED_STATUS : (state.status as ReportStatus)
      return {
        ok: true,
        fields: {
          assigned_organization_id: action.organizationId,
          // The new organisation hands it to its own people.
          assignee_id: null,
          status,
          claimed_at: at,
          updated_at: at,
        },
        events: [
          line(actor, 'claimed', {
            from_status: state.status,
            to_status: status,
            data: { organization_name: action.organizationName },
          }),
        ],
      }
    }
    case 'set-priority':
      if (actor.type !== 'admin') return refuse('forbidden')
      if (state.priority === action.priority) return unchanged
      return {
        ok: true,
        fields: { priority: action.priority, updated_at: at },
        events: [line(actor, 'priority_changed', { data: { from: state.priority, to: action.priority } })],
      }
    case 'message':
      if (actor.type !== 'organization' || state.assignedOrganizationId !== actor.id) {
        return refuse('forbidden', 'claim.notYours')
      }
      if (!mayWorkOn(state, actor)) return refuse('forbidden', 'team.notYourReport')
      if (hidden) return refuse('conflict', 'claim.rejected')
      return {
        ok: true,
        fields: {},
        events: [line(actor, 'message_sent', { data: { title: action.title } })],
      }
    case 'resolution-photo':
      if (actor.type !== 'organization' || state.assignedOrganizationId !== actor.id) {
        return refuse('forbidden', 'claim.notYours')
      }
      if (!mayWorkOn(state, actor)) return refuse('forbidden', 'team.notYourReport')
      if (hidden) return refuse('conflict', 'claim.rejected')
      return { ok: true, fields: { updated_at: at }, events: [line(actor, 'resolution_photo')] }
    case 'hand-over':
      if (actor.type !== 'organization' || state.assignedOrganizationId !== actor.id) {
        return refuse('forbidden', 'claim.notYours')
      }
      if (actor.member?.role === 'agent') return refuse('forbidden', 'team.responsableOnly')
      if (hidden) return refuse('conflict', 'claim.rejected')
      if ((state.assigneeId ?? null) === action.assigneeId) return unchanged
      // Inside the organisation: no line of the public history, whose readers never see a member.
      return { ok: true, fields: { assignee_id: action.assigneeId, updated_at: at }, events: [] }
    case 'support':
      if (actor.type !== 'citizen') return refuse('forbidden')
      if (!isOpenStatus(state.status)) return refuse('conflict', 'support.closed')
      if (state.reporterHash === actor.deviceHash) return refuse('conflict', 'support.ownReport')
      return { ok: true, fields: {}, events: [line(actor, 'supported')] }
    case 'confirm':
    case 'reopen': {
      if (actor.type !== 'citizen') return refuse('forbidden')
      const resolution = {
        status: state.status,
        filedByThisDevice: state.reporterHash === actor.deviceHash,
        resolvedAt: state.resolvedAt,
        history: state.answers ?? [],
        now,
      }
      const refusal = action.kind === 'confirm' ? confirmRefusal(resolution) : reopenRefusal(resolution)
      if (refusal) return resolutionRefusal(refusal)
      if (action.kind === 'confirm') return { ok: true, fields: {}, events: [line(actor, 'confirmed')] }
      return {
        ok: true,
        fields: { status: FILED_STATUS, resolved_at: null, updated_at: at },
        events: [line(actor, 'reopened', { from_status: state.status, to_status: FILED_STATUS })],
      }
    }
  }
}
