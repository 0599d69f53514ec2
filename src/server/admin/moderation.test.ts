import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES, REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '../../domain/admin'
import type { Session } from '../../domain/auth'
import { reports } from '../db/schema'
import { bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { insertReport } from '../test/factories'
import { buildTwoInstances, type TwoInstances } from '../test/helper'
import { subscribeToEvents } from '../test/live-events'

// Moderation that explains itself (issue 15, items 6 and 7): a rejection says why, to the
// citizen and in public; "being handled" needs someone to handle it, whom the admin may assign.
let instances: TwoInstances
let app: TwoInstances['first']['app']
let db: TwoInstances['first']['db']['db']
let admin: Session

beforeAll(async () => {
  instances = await buildTwoInstances({ listen: true })
  app = instances.first.app
  db = instances.first.db.db
  admin = await loginAdmin(app)
})
afterAll(() => instances.close())

const patch = (id: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: `/api/admin/reports/${id}`, payload, headers: bearer(admin) })
const asDevice = (token: string) => ({ 'x-citizen-token': token })
const reportRow = async (id: string) => (await db.select().from(reports).where(eq(reports.id, id)))[0]

describe('rejecting a report', () => {
  const REASON = '  Ce signalement est une publicité pour un garage, pas un problème de voirie.  '

  it('refuses a rejection without a reason, or with one too short or too long, and changes nothing', async () => {
    const report = await insertReport(db)
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'rejete' }, ADMIN_MESSAGES.rejectionReasonRequired],
      [
        { status: 'rejete', reason: `   ${'a'.repeat(REJECTION_REASON_MIN - 1)}   ` },
        ADMIN_MESSAGES.rejectionReasonTooShort,
      ],
      [
        { status: 'rejete', reason: 'a'.repeat(REJECTION_REASON_MAX + 1) },
        ADMIN_MESSAGES.rejectionReasonTooLong,
      ],
      [
        { status: 'en-attente', reason: 'Un motif sans rejet ne veut rien dire.' },
        ADMIN_MESSAGES.reasonWithoutRejection,
      ],
    ]
    for (const [payload, message] of cases) {
      const res = await patch(report.id, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().error).toMatchObject({ code: 'invalid_input', message })
    }
    const row = await reportRow(report.id)
    expect(row?.status).toBe('en-attente')
    const detail = (
      await app.inject({ url: `/api/admin/reports/${report.id}`, headers: bearer(admin) })
    ).json()
    expect(detail.history).toEqual([])
    expect(detail.notifications).toEqual([])
  })

  it('accepts a reason of exactly the limits once trimmed', async () => {
    const short = await insertReport(db)
    const long = await insertReport(db)
    expect(
      (await patch(short.id, { status: 'rejete', reason: ` ${'a'.repeat(REJECTION_REASON_MIN)} ` }))
        .statusCode,
    ).toBe(200)
    expect(
      (await patch(long.id, { status: 'rejete', reason: 'b'.repeat(REJECTION_REASON_MAX) })).statusCode,
    ).toBe(200)
  })

  it('sends the reason to the filing device and shows it in the public history', async () => {
    const road = await insertReport(db)
    const filed = await fileReportAs(app, { categoryId: road.category_id })
    const device = await subscribeToEvents(instances.secondUrl, { citizenToken: filed.citizenToken })
    const res = await patch(filed.id, { status: 'rejete', reason: REASON })
    expect(res.statusCode).toBe(200)
    const reason = REASON.trim()
    expect(res.json().history.at(-1)).toMatchObject({
      kind: 'status_changed',
      from_status: 'en-attente',
      to_status: 'rejete',
      reason,
    })
    // The message reaches the device, live and in its notifications.
    await device.waitFor((event) => event.type === 'notifications.created' && event.reportId === filed.id)
    device.close()
    const inbox = (
      await app.inject({ url: '/api/citizen/notifications', headers: asDevice(filed.citizenToken) })
    ).json()
    expect(inbox.unread).toBe(1)
    expect(inbox.items[0]).toMatchObject({
      report_id: filed.id,
      title: ADMIN_MESSAGES.rejectionTitle,
      message: reason,
    })
    // "Mes signalements" and /suivi show why.
    const mine = (
      await app.inject({ url: '/api/citizen/reports', headers: asDevice(filed.citizenToken) })
    ).json()
    expect(mine.items[0].history.at(-1)).toMatchObject({ to_status: 'rejete', reason })
    const tracked = (await app.inject(`/api/reports/track/${filed.anonymous_code}`)).json()
    expect(tracked.status).toBe('rejete')
    expect(tracked.history.at(-1)).toMatchObject({ to_status: 'rejete', reason })
    // Rejecting it again changes nothing and sends nothing more.
    expect(
      (await patch(filed.id, { status: 'rejete', reason: 'Une seconde fois, pour voir.' })).statusCode,
    ).toBe(200)
    const again = (
      await app.inject({ url: '/api/citizen/notifications', headers: asDevice(filed.citizenToken) })
    ).json()
    expect(again.items).toHaveLength(1)
  })
})

describe('a report nobody handles', () => {
  it('cannot be set en-cours or résolu (409, French), and stays as it was', async () => {
    const report = await insertReport(db)
    for (const status of ['en-cours', 'resolu']) {
      const res = await patch(report.id, { status })
      expect(res.statusCode).toBe(409)
      expect(res.json().error).toMatchObject({
        code: 'conflict',
        reason: 'admin.nobodyHandles',
        message: ADMIN_MESSAGES.nobodyHandles,
      })
    }
    expect((await reportRow(report.id))?.status).toBe('en-attente')
  })

  it('lists the organisations it may be assigned to: approved, active, of its category', async () => {
    const report = await insertReport(db)
    const roads = await createOrganization(db, { categories: ['Voirie'] })
    await createOrganization(db, { categories: ['Voirie'], status: 'pending' })
    await createOrganization(db, { categories: ['Voirie'], is_active: false })
    const lighting = await createOrganization(db, { categories: ['Éclairage public'] })
    const res = await app.inject({
      url: `/api/admin/reports/${report.id}/eligible-organizations`,
      headers: bearer(admin),
    })
    expect(res.statusCode).toBe(200)
    const ids = res.json().items.map((item: { id: string }) => item.id)
    expect(ids).toContain(roads.id)
    expect(ids).not.toContain(lighting.id)
    expect(res.json().items.find((item: { id: string }) => item.id === roads.id)).toEqual({
      id: roads.id,
      name: roads.name,
    })
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect(
      (
        await app.inject({
          url: `/api/admin/reports/${unknown}/eligible-organizations`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(404)
  })

  it('is assigned to an organisation of its category: en cours, in the history, live for it', async () => {
    const road = await insertReport(db)
    const filed = await fileReportAs(app, { categoryId: road.category_id })
    const roads = await createOrganization(db, { categories: ['Voirie'] })
    const session = await loginOrganization(app, roads.email)
    const stream = await subscribeToEvents(instances.secondUrl, { token: session.token })
    const res = await patch(filed.id, { organization_id: roads.id })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'en-cours', assigned_organization_name: roads.name })
    expect(res.json().history.at(-1)).toMatchObject({
      kind: 'claimed',
      from_status: 'en-attente',
      to_status: 'en-cours',
      organization_name: roads.name,
    })
    await stream.waitFor(
      (event) =>
        event.type === 'reports.changed' && event.reportId === filed.id && event.organizationId === roads.id,
    )
    stream.close()
    // The organisation manages it now: it is in its list, and it may change its status.
    const managed = (
      await app.inject({ url: '/api/org/reports/managed', headers: bearer(session) })
    ).json() as { items: { id: string }[] }
    expect(managed.items.map((item) => item.id)).toContain(filed.id)
    // The public history says who was given it.
    const tracked = (await app.inject(`/api/reports/track/${filed.anonymous_code}`)).json()
    expect(tracked.organization_name).toBe(roads.name)
    expect(tracked.history.at(-1)).toMatchObject({ kind: 'claimed', organization_name: roads.name })
    // Now someone handles it, the admin may say it is resolved.
    expect((await patch(filed.id, { status: 'resolu' })).json()).toMatchObject({ status: 'resolu' })
  })

  it('refuses an organisation that may not receive it, and an unknown one, changing nothing', async () => {
    const report = await insertReport(db)
    const pending = await createOrganization(db, { categories: ['Voirie'], status: 'pending' })
    const suspended = await createOrganization(db, { categories: ['Voirie'], is_active: false })
    const lighting = await createOrganization(db, { categories: ['Éclairage public'] })
    for (const organization of [pending, suspended, lighting]) {
      const res = await patch(report.id, { organization_id: organization.id })
      expect(res.statusCode).toBe(409)
      expect(res.json().error).toMatchObject({ message: ADMIN_MESSAGES.organizationNotEligible })
    }
    const unknown = await patch(report.id, { organization_id: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.message).toBe(ADMIN_MESSAGES.organizationUnknown)
    expect((await patch(report.id, { organization_id: 'pas-un-identifiant' })).statusCode).toBe(400)
    const row = await reportRow(report.id)
    expect(row).toMatchObject({ status: 'en-attente', assigned_organization_id: null })
  })

  it('moves from one organisation to another, keeping a later status; a rejected one is not assigned', async () => {
    const report = await insertReport(db)
    const first = await createOrganization(db, { categories: ['Voirie'] })
    const second = await createOrganization(db, { categories: ['Voirie'] })
    await patch(report.id, { organization_id: first.id })
    await patch(report.id, { status: 'resolu' })
    const moved = await patch(report.id, { organization_id: second.id })
    expect(moved.json()).toMatchObject({ status: 'resolu', assigned_organization_name: second.name })
    const rejected = await insertReport(db, { status: 'rejete' })
    const res = await patch(rejected.id, { organization_id: first.id })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe(ADMIN_MESSAGES.assignRejected)
  })
})
