import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REOPEN_WINDOW_DAYS } from '../../domain/citizen-actions'
import { reportEvents, reports } from '../db/schema'
import { bearer, createOrganization, loginOrganization } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'

const DAY_MS = 24 * 60 * 60 * 1000
// The sessions' tokens are checked against this clock: the real time, moved forward on demand.
let offsetMs = 0
let ctx: TestContext
let organization: { authorization: string }
let voirie: number

beforeAll(async () => {
  ctx = await buildTestApp({ clock: { now: () => new Date(Date.now() + offsetMs) } })
  const org = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  organization = bearer(await loginOrganization(ctx.app, org.email))
  const categories = (await ctx.app.inject('/api/categories')).json() as { id: number; nom: string }[]
  voirie = categories.find((c) => c.nom === 'Voirie')?.id ?? 0
})
afterAll(() => ctx.close())

const device = (token: string) => ({ 'x-citizen-token': token })

/** A report filed by a device, claimed and resolved by the organisation through its routes. */
async function resolvedReport() {
  const filed = await fileReportAs(ctx.app, { categoryId: voirie })
  const claim = await ctx.app.inject({
    method: 'POST',
    url: `/api/org/reports/${filed.id}/claim`,
    headers: organization,
  })
  expect(claim.statusCode).toBe(200)
  await resolve(filed.id)
  return filed
}

async function resolve(id: string) {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/org/reports/${id}`,
    headers: organization,
    payload: { status: 'resolu' },
  })
  expect(res.statusCode).toBe(200)
}

function answer(id: string, kind: 'confirm' | 'reopen', token: string) {
  return ctx.app.inject({ method: 'POST', url: `/api/citizen/reports/${id}/${kind}`, headers: device(token) })
}

async function myReport(token: string, id: string) {
  const res = await ctx.app.inject({ url: '/api/citizen/reports', headers: device(token) })
  return (res.json().items as { id: string; status: string; resolution_question: unknown }[]).find(
    (r) => r.id === id,
  )
}

describe('"Est-ce réglé ?" in GET /api/citizen/reports', () => {
  it('is asked about a resolved report of this device, and no longer once answered "Oui"', async () => {
    const filed = await resolvedReport()
    expect(await myReport(filed.citizenToken, filed.id)).toMatchObject({
      status: 'resolu',
      resolution_question: { can_reopen: true },
    })
    const res = await answer(filed.id, 'confirm', filed.citizenToken)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ report_id: filed.id, status: 'resolu' })
    expect((await myReport(filed.citizenToken, filed.id))?.resolution_question).toBeNull()
    const again = await answer(filed.id, 'confirm', filed.citizenToken)
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('Vous avez déjà confirmé que ce problème est réglé.')
  })
})

describe('POST /api/citizen/reports/:id/reopen', () => {
  it('puts the report back to "En attente" for the organisation that manages it, with a history event', async () => {
    const filed = await resolvedReport()
    const res = await answer(filed.id, 'reopen', filed.citizenToken)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ report_id: filed.id, status: 'en-attente' })
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, filed.id))
    expect(row).toMatchObject({ status: 'en-attente', resolved_at: null })
    expect(row?.assigned_organization_id).not.toBeNull()
    const managed = await ctx.app.inject({
      url: '/api/org/reports/managed?status=en-attente',
      headers: organization,
    })
    expect(managed.json().items.map((r: { id: string }) => r.id)).toContain(filed.id)
    const events = await ctx.db.db.select().from(reportEvents).where(eq(reportEvents.report_id, filed.id))
    expect(events.at(-1)).toMatchObject({
      kind: 'reopened',
      actor_type: 'citizen',
      from_status: 'resolu',
      to_status: 'en-attente',
    })
    expect((await myReport(filed.citizenToken, filed.id))?.resolution_question).toBeNull()
  })

  it('refuses a second "Non": once reopened and resolved again, only "Oui" is offered', async () => {
    const filed = await resolvedReport()
    expect((await answer(filed.id, 'reopen', filed.citizenToken)).statusCode).toBe(200)
    await resolve(filed.id)
    expect((await myReport(filed.citizenToken, filed.id))?.resolution_question).toEqual({ can_reopen: false })
    const second = await answer(filed.id, 'reopen', filed.citizenToken)
    expect(second.statusCode).toBe(409)
    expect(second.json().error).toEqual({
      code: 'conflict',
      message: 'Ce signalement a déjà été rouvert une fois : il ne peut plus l’être.',
      reason: 'resolution.alreadyReopened',
    })
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, filed.id))
    expect(row?.status).toBe('resolu')
    expect((await answer(filed.id, 'confirm', filed.citizenToken)).statusCode).toBe(200)
  })

  it(`refuses after ${REOPEN_WINDOW_DAYS} days, and stops asking`, async () => {
    const filed = await resolvedReport()
    try {
      offsetMs = (REOPEN_WINDOW_DAYS + 1) * DAY_MS
      expect((await myReport(filed.citizenToken, filed.id))?.resolution_question).toBeNull()
      const late = await answer(filed.id, 'reopen', filed.citizenToken)
      expect(late.statusCode).toBe(409)
      expect(late.json().error.message).toBe('Le délai de 30 jours pour rouvrir ce signalement est dépassé.')
      offsetMs = (REOPEN_WINDOW_DAYS - 1) * DAY_MS
      expect((await answer(filed.id, 'reopen', filed.citizenToken)).statusCode).toBe(200)
    } finally {
      offsetMs = 0
    }
  })

  it('refuses another device (403), a report that is not resolved (409), an unknown one (404)', async () => {
    const filed = await resolvedReport()
    const stranger = await fileReportAs(ctx.app, { categoryId: voirie })
    const other = await answer(filed.id, 'reopen', stranger.citizenToken)
    expect(other.statusCode).toBe(403)
    expect(other.json().error.message).toBe(
      'Seul l’appareil qui a envoyé ce signalement peut dire s’il est réglé.',
    )
    const waiting = await answer(stranger.id, 'reopen', stranger.citizenToken)
    expect(waiting.statusCode).toBe(409)
    expect(waiting.json().error.message).toBe(
      'Ce signalement n’est pas marqué « Résolu » : il n’y a rien à confirmer.',
    )
    const unknown = await answer('6f1c1a4e-1111-4a4a-9a9a-000000000000', 'confirm', filed.citizenToken)
    expect(unknown.statusCode).toBe(404)
    const noDevice = await ctx.app.inject({ method: 'POST', url: `/api/citizen/reports/${filed.id}/reopen` })
    expect(noDevice.statusCode).toBe(401)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, filed.id))
    expect(row?.status).toBe('resolu')
  })
})
