// Work handed to agents (issue 29, points 5 and 6): a responsable hands a report to a member, an
// agent who claims a report is its assignee, and an agent acts on their own reports only.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../domain/auth'
import { organizationMembers, reportEvents, reports } from '../db/schema'
import {
  addMember,
  bearer,
  createOrganization,
  loginAdmin,
  loginOrganization,
  setOrganization,
} from '../test/accounts'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'

let ctx: TestContext
let organizationId: string
let responsable: Session
let awa: { id: string; session: Session }
let moussa: { id: string; session: Session }

async function agentOf(organization: string) {
  const member = await addMember(ctx.db.db, organization)
  return { id: member.id, session: await loginOrganization(ctx.app, member.email) }
}

beforeAll(async () => {
  ctx = await buildTestApp()
  const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  organizationId = organization.id
  responsable = await loginOrganization(ctx.app, organization.email)
  awa = await agentOf(organizationId)
  moussa = await agentOf(organizationId)
})
afterAll(() => ctx.close())

const managedReport = () =>
  insertReport(ctx.db.db, {
    assigned_organization_id: organizationId,
    status: 'en-cours',
    claimed_at: new Date().toISOString(),
  })
const patch = (session: Session, id: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/org/reports/${id}`, payload, headers: bearer(session) })
const message = (session: Session, id: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/org/reports/${id}/notifications`,
    payload: { title: 'Intervention', message: 'Nous passons demain matin.' },
    headers: bearer(session),
  })
const managedIds = async (session: Session, assignee: string) =>
  (
    (
      await ctx.app.inject({ url: `/api/org/reports/managed?assignee=${assignee}`, headers: bearer(session) })
    ).json().items as { id: string }[]
  ).map((item) => item.id)

describe('a report handed to an agent', () => {
  it('is the agent’s to work on: status and messages; another agent reads it but is refused in French', async () => {
    const report = await managedReport()
    const handed = await patch(responsable, report.id, { assignee_id: awa.id })
    expect(handed.statusCode).toBe(200)
    expect(handed.json().assignee).toEqual({ id: awa.id, name: expect.stringMatching(/^Agent/) })

    expect(await managedIds(awa.session, 'me')).toContain(report.id)
    expect(await managedIds(moussa.session, 'me')).not.toContain(report.id)
    expect(await managedIds(responsable, awa.id)).toContain(report.id)
    expect(await managedIds(responsable, 'none')).not.toContain(report.id)
    // Read-only for the others of the team.
    const read = await ctx.app.inject({
      url: `/api/org/reports/${report.id}`,
      headers: bearer(moussa.session),
    })
    expect(read.statusCode).toBe(200)

    for (const refused of [
      await patch(moussa.session, report.id, { status: 'resolu' }),
      await message(moussa.session, report.id),
    ]) {
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error.message).toBe(
        'Ce signalement est confié à un autre membre de votre organisation.',
      )
    }
    expect((await patch(awa.session, report.id, { status: 'resolu' })).statusCode).toBe(200)
    expect((await message(awa.session, report.id)).statusCode).toBe(201)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, report.id))
    expect(row?.status).toBe('resolu')

    // Each line of the history names the member who acted.
    const lines = await ctx.db.db.select().from(reportEvents).where(eq(reportEvents.report_id, report.id))
    expect(lines.map((line) => [line.kind, line.actor_member_id])).toEqual([
      ['status_changed', awa.id],
      ['message_sent', awa.id],
    ])
    // The organisation and the administrators read who; the public and the citizen never do.
    const [awaRow] = await ctx.db.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.id, awa.id))
    const byOrganization = await ctx.app.inject({
      url: `/api/org/reports/${report.id}`,
      headers: bearer(responsable),
    })
    expect(
      byOrganization.json().history.map((line: { member_name: string | null }) => line.member_name),
    ).toEqual([awaRow?.name, awaRow?.name])
    const byAdmin = await ctx.app.inject({
      url: `/api/admin/reports/${report.id}`,
      headers: bearer(await loginAdmin(ctx.app)),
    })
    expect(byAdmin.json().history.at(-1)).toMatchObject({ kind: 'message_sent', member_name: awaRow?.name })
    const publicPage = await ctx.app.inject({ url: `/api/reports/${report.id}` })
    expect(publicPage.statusCode).toBe(200)
    expect(publicPage.body).not.toContain(String(awaRow?.name))
    expect(publicPage.body).not.toContain('member')
  })

  it('is handed only by a responsable, to an active member of the organisation, and taken back with null', async () => {
    const report = await managedReport()
    const byAgent = await patch(awa.session, report.id, { assignee_id: awa.id })
    expect(byAgent.statusCode).toBe(403)
    expect(byAgent.json().error.message).toBe('Seul un responsable de l’organisation peut faire cela.')

    const disabled = await addMember(ctx.db.db, organizationId, { status: 'disabled' })
    const toDisabled = await patch(responsable, report.id, { assignee_id: disabled.id })
    expect(toDisabled.statusCode).toBe(409)
    const other = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    const stranger = await addMember(ctx.db.db, other.id)
    expect((await patch(responsable, report.id, { assignee_id: stranger.id })).statusCode).toBe(404)
    // Refused as a whole: a status sent with a refused hand-over does not change either.
    expect(
      (await patch(responsable, report.id, { assignee_id: stranger.id, status: 'resolu' })).statusCode,
    ).toBe(404)
    const [unchanged] = await ctx.db.db.select().from(reports).where(eq(reports.id, report.id))
    expect(unchanged).toMatchObject({ assignee_id: null, status: 'en-cours' })

    expect((await patch(responsable, report.id, { assignee_id: moussa.id })).json().assignee.id).toBe(
      moussa.id,
    )
    expect((await patch(responsable, report.id, { assignee_id: null })).json().assignee).toBeNull()
    expect(await managedIds(responsable, 'none')).toContain(report.id)
    // A responsable works on every report of the organisation, handed or not.
    expect((await patch(responsable, report.id, { status: 'resolu' })).statusCode).toBe(200)
    expect((await patch(responsable, report.id, {})).statusCode).toBe(400)
  })

  it('is the claiming agent’s when an agent claims it; an administrator’s reassignment clears it', async () => {
    const report = await insertReport(ctx.db.db)
    const claimed = await ctx.app.inject({
      method: 'POST',
      url: `/api/org/reports/${report.id}/claim`,
      headers: bearer(moussa.session),
    })
    expect(claimed.statusCode).toBe(200)
    expect(claimed.json().assignee).toEqual({ id: moussa.id, name: expect.any(String) })

    const other = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    await setOrganization(ctx.db.db, other.id, { status: 'approved' })
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${report.id}`,
      payload: { organization_id: other.id },
      headers: bearer(await loginAdmin(ctx.app)),
    })
    expect(moved.statusCode).toBe(200)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, report.id))
    expect(row).toMatchObject({ assigned_organization_id: other.id, assignee_id: null })
  })

  it('is counted for its member on the dashboard: open and resolved, every active member listed', async () => {
    const team = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
    const chef = await loginOrganization(ctx.app, team.email)
    const agent = await addMember(ctx.db.db, team.id, { name: 'Zeynab Ba' })
    await addMember(ctx.db.db, team.id, { name: 'Absent', status: 'disabled' })
    for (const status of ['en-cours', 'en-attente', 'resolu'] as const) {
      await insertReport(ctx.db.db, { assigned_organization_id: team.id, assignee_id: agent.id, status })
    }
    const stats = await ctx.app.inject({ url: '/api/org/stats', headers: bearer(chef) })
    expect(stats.json().members).toEqual([
      { id: expect.any(String), name: expect.stringMatching(/^Responsable/), open: 0, resolved: 0 },
      { id: agent.id, name: 'Zeynab Ba', open: 2, resolved: 1 },
    ])
  })
})
