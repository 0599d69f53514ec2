import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  confirmRefusal,
  RESOLUTION_MESSAGES,
  type ResolutionRefusal,
  type ResolutionState,
  reopenRefusal,
} from '../../domain/citizen-rules'
import type { Db } from '../db/database'
import { reportEvents, reports } from '../db/schema'
import { AppError } from '../errors'
import { toIso } from '../reports/repository'

export type ResolutionAnswerKind = 'confirm' | 'reopen'

function refusalError(refusal: ResolutionRefusal): AppError {
  // Another device's report is not this device's to judge; the other refusals are about its state.
  return new AppError(refusal === 'notYours' ? 'forbidden' : 'conflict', {
    message: RESOLUTION_MESSAGES[refusal],
  })
}

/**
 * The device's answer to "Est-ce réglé ?". "Oui" records the confirmation; "Non" puts the report
 * back to en-attente for the organisation that manages it (once, within 30 days of the
 * resolution). The report row is locked so that two answers at once are taken one after the other.
 */
export async function answerResolution(
  db: Db,
  input: { reportId: string; deviceHash: string; answer: ResolutionAnswerKind; now: Date },
): Promise<{ report_id: string; status: string }> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({
        status: reports.status,
        reporter_hash: reports.reporter_hash,
        resolved_at: reports.resolved_at,
      })
      .from(reports)
      .where(eq(reports.id, input.reportId))
      .for('update')
    if (!report) throw new AppError('not_found')
    const history = await tx
      .select({ kind: reportEvents.kind, created_at: reportEvents.created_at })
      .from(reportEvents)
      .where(
        and(
          eq(reportEvents.report_id, input.reportId),
          inArray(reportEvents.kind, ['confirmed', 'reopened']),
        ),
      )
      .orderBy(asc(reportEvents.created_at))
    const state: ResolutionState = {
      status: report.status,
      filedByThisDevice: report.reporter_hash === input.deviceHash,
      resolvedAt: report.resolved_at ? toIso(report.resolved_at) : null,
      history: history.map((event) => ({ kind: event.kind, created_at: toIso(event.created_at) })),
      now: input.now,
    }
    const refusal = input.answer === 'confirm' ? confirmRefusal(state) : reopenRefusal(state)
    if (refusal) throw refusalError(refusal)

    const at = input.now.toISOString()
    if (input.answer === 'confirm') {
      await tx.insert(reportEvents).values({
        report_id: input.reportId,
        kind: 'confirmed',
        actor_type: 'citizen',
        created_at: at,
      })
      return { report_id: input.reportId, status: report.status }
    }
    await tx
      .update(reports)
      .set({ status: 'en-attente', resolved_at: null, updated_at: at })
      .where(eq(reports.id, input.reportId))
    await tx.insert(reportEvents).values({
      report_id: input.reportId,
      kind: 'reopened',
      actor_type: 'citizen',
      from_status: 'resolu',
      to_status: 'en-attente',
      created_at: at,
    })
    return { report_id: input.reportId, status: 'en-attente' }
  })
}
