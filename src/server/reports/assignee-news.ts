import type { Actor } from '../../domain/report-transitions'
import { newAssigneeToTell } from '../../domain/team-rules'
import type { Db } from '../db/database'
import type { reports } from '../db/schema'
import { publishOnCommit } from '../events/event-bus'
import { queueHandedOverNews } from '../push/push-outbox'

type ReportRow = typeof reports.$inferSelect

/**
 * Tells the member a report was just handed to (issue 29, point 5): live on their open pages and
 * on their subscribed phones. Called in the transaction of the change, so that both leave with it
 * or not at all; nobody is told of what they did themselves (an agent's own claim).
 */
export async function tellNewAssignee(
  tx: Db,
  change: { before: ReportRow; after: ReportRow; actor: Actor; at: Date },
): Promise<void> {
  const { before, after, actor, at } = change
  const actingMemberId = actor.type === 'organization' ? actor.member?.id : undefined
  const assigneeId = newAssigneeToTell(before.assignee_id, after.assignee_id, actingMemberId)
  if (!assigneeId) return
  await queueHandedOverNews(tx, { ...after, assignee_id: assigneeId }, at)
  await publishOnCommit(tx, {
    type: 'reports.handed-over',
    reportId: after.id,
    organizationId: after.assigned_organization_id ?? undefined,
    assigneeId,
    category: after.type,
  })
}
