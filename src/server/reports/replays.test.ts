// Issue 47, point 2: an Idempotency-Key sent again gets its first answer back for the report, the
// member and the action it was first sent for only. A member who sent key K on one of its own
// reports and then K on any report id (another organisation's, one outside its zone, a rejected
// one) used to get the organisation's whole view of that report, its voice note's address with
// it (a file's address is all it takes to download it). Each replay path is here: a status, a
// message, the photo of the fix, a claim, and a citizen's filing.
import { randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../domain/auth'
import { notifications, reportEvents, reports } from '../db/schema'
import { addMember, bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { categoryIdOf, fileReportAs, sendReport } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'
import { png } from '../test/media-fixtures'
import { multipartBody } from '../test/multipart'

const MEDINA = { latitude: 14.6795, longitude: -17.447 }
const PARCELLES = { latitude: 14.7625, longitude: -17.4435 }
const ANOTHER_REPORT = 'Cette clé a déjà servi pour un autre signalement.'

let ctx: TestContext
let admin: Session
/** The town hall of Médina (roads, Médina only), its responsable and one of its agents. */
let medinaHall: { id: string; responsable: Session; agent: Session & { memberId: string } }
/** A roads service of the whole department. */
let department: Session
let departmentId: string

beforeAll(async () => {
  ctx = await buildTestApp()
  admin = await loginAdmin(ctx.app)
  const hall = await createOrganization(ctx.db.db, { categories: ['Voirie'], areas: ['Médina'] })
  const agent = await addMember(ctx.db.db, hall.id)
  medinaHall = {
    id: hall.id,
    responsable: await loginOrganization(ctx.app, hall.email),
    agent: { ...(await loginOrganization(ctx.app, agent.email)), memberId: agent.id },
  }
  const roads = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  departmentId = roads.id
  department = await loginOrganization(ctx.app, roads.email)
})
afterAll(() => ctx.close())

type Filed = { id: string; anonymous_code: string; description: string }

async function fileAt(at: typeof MEDINA, description: string): Promise<Filed> {
  const categoryId = await categoryIdOf(ctx.app, 'Voirie')
  const filed = await fileReportAs(ctx.app, { at, description, categoryId, withMedia: true })
  return { ...filed, description }
}

function claim(session: Session, reportId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/org/reports/${reportId}/claim`,
    headers: bearer(session),
  })
}

function patch(session: Session, reportId: string, payload: object, key?: string) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/org/reports/${reportId}`,
    payload,
    headers: { ...bearer(session), ...(key ? { 'idempotency-key': key } : {}) },
  })
}

function message(session: Session, reportId: string, key: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/org/reports/${reportId}/notifications`,
    payload: { title: 'Passage de l’équipe', message: 'Nous rebouchons le trou mardi matin.' },
    headers: { ...bearer(session), 'idempotency-key': key },
  })
}

async function resolutionPhoto(session: Session, reportId: string, key: string) {
  const body = multipartBody({ note: 'Trou rebouché au bitume.' }, [
    { name: 'photo', filename: 'apres.png', contentType: 'image/png', data: await png() },
  ])
  return ctx.app.inject({
    method: 'POST',
    url: `/api/org/reports/${reportId}/resolution`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(session), 'idempotency-key': key },
  })
}

/** A report of Médina its town hall claimed and handed to its agent. */
async function agentsReport(): Promise<Filed> {
  const report = await fileAt(MEDINA, 'Nid-de-poule devant le marché Tilène')
  expect((await claim(medinaHall.responsable, report.id)).statusCode).toBe(200)
  const handed = await patch(medinaHall.responsable, report.id, { assignee_id: medinaHall.agent.memberId })
  expect(handed.statusCode).toBe(200)
  return report
}

/** Three reports the town hall of Médina may not see, each with a photo and a voice note. */
async function reportsItMayNotSee(): Promise<Record<string, Filed>> {
  const anotherOrganizations = await fileAt(MEDINA, 'Câble électrique arraché devant l’école Kléber')
  expect((await claim(department, anotherOrganizations.id)).statusCode).toBe(200)
  const outsideItsZone = await fileAt(PARCELLES, 'Égout débordant rue 14 des Parcelles')
  const rejected = await fileAt(MEDINA, 'Mon voisin Ousmane fait du bruit la nuit')
  const rejecting = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/reports/${rejected.id}`,
    payload: { status: 'rejete', reason: 'Ce n’est pas un problème de la ville.' },
    headers: bearer(admin),
  })
  expect(rejecting.statusCode).toBe(200)
  return { anotherOrganizations, outsideItsZone, rejected }
}

/** Everything the answer must not tell: of the report asked for, of the key's own report, any file. */
function expectNothingOf(res: LightMyRequestResponse, ...filed: Filed[]) {
  for (const report of filed) {
    for (const secret of [report.id, report.anonymous_code, report.description]) {
      expect(res.body).not.toContain(secret)
    }
  }
  expect(res.body).not.toContain('/files/')
  expect(res.body).not.toContain('Nous rebouchons')
  expect(res.body).not.toContain('Trou rebouché')
}

const rowOf = async (id: string) => (await ctx.db.db.select().from(reports).where(eq(reports.id, id)))[0]
const storedFiles = () => readdirSync(ctx.app.deps.storage.root, { recursive: true }).map(String).sort()
const historyOf = (id: string) => ctx.db.db.select().from(reportEvents).where(eq(reportEvents.report_id, id))

/** An administrator gives the report to the department's roads service: Médina no longer sees it. */
async function giveToDepartment(reportId: string) {
  const given = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/reports/${reportId}`,
    payload: { organization_id: departmentId },
    headers: bearer(admin),
  })
  expect(given.statusCode).toBe(200)
}

describe('PATCH /api/org/reports/:id under an Idempotency-Key already used', () => {
  it('answers 409 with nothing of either report when a key of the member’s own report is sent on any other report', async () => {
    const own = await agentsReport()
    const key = randomUUID()
    const first = await patch(medinaHall.agent, own.id, { status: 'resolu' }, key)
    expect(first.statusCode).toBe(200)

    for (const [name, other] of Object.entries(await reportsItMayNotSee())) {
      const before = await rowOf(other.id)
      const replayed = await patch(medinaHall.agent, other.id, { status: 'resolu' }, key)
      expect(replayed.statusCode, name).toBe(409)
      expect(replayed.json()).toEqual({
        error: { code: 'conflict', message: ANOTHER_REPORT, reason: 'team.idempotencyKeyOfAnotherReport' },
      })
      expectNothingOf(replayed, own, other)
      expect(await rowOf(other.id)).toEqual(before)
    }
    // The key still answers for its own report.
    const again = await patch(medinaHall.agent, own.id, { status: 'resolu' }, key)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ id: own.id, status: 'resolu' })
  })

  it('answers 404 with nothing once its own report is another organisation’s', async () => {
    const own = await agentsReport()
    const key = randomUUID()
    expect((await patch(medinaHall.agent, own.id, { status: 'resolu' }, key)).statusCode).toBe(200)
    await giveToDepartment(own.id)
    const replayed = await patch(medinaHall.agent, own.id, { status: 'resolu' }, key)
    expect(replayed.statusCode).toBe(404)
    expectNothingOf(replayed, own)
  })
})

describe('POST /api/org/reports/:id/notifications under an Idempotency-Key already used', () => {
  it('answers 409 with nothing of either report, and writes to nobody, when a key of the member’s own report is sent on any other report', async () => {
    const own = await agentsReport()
    const key = randomUUID()
    expect((await message(medinaHall.agent, own.id, key)).statusCode).toBe(201)

    for (const [name, other] of Object.entries(await reportsItMayNotSee())) {
      const replayed = await message(medinaHall.agent, other.id, key)
      expect(replayed.statusCode, name).toBe(409)
      expect(replayed.json().error.message).toBe(ANOTHER_REPORT)
      expectNothingOf(replayed, own, other)
      const written = await ctx.db.db
        .select()
        .from(notifications)
        .where(eq(notifications.report_id, other.id))
      expect(written.filter((row) => row.organization_id === medinaHall.id)).toEqual([])
    }
  })

  it('answers 404 with nothing once its own report is another organisation’s', async () => {
    const own = await agentsReport()
    const key = randomUUID()
    expect((await message(medinaHall.agent, own.id, key)).statusCode).toBe(201)
    await giveToDepartment(own.id)
    const replayed = await message(medinaHall.agent, own.id, key)
    expect(replayed.statusCode).toBe(404)
    expectNothingOf(replayed, own)
  })
})

describe('POST /api/org/reports/:id/resolution under an Idempotency-Key already used', () => {
  it('answers 409 with nothing of either report, and stores nothing, when a key of the member’s own report is sent on any other report', async () => {
    const own = await agentsReport()
    const key = randomUUID()
    expect((await resolutionPhoto(medinaHall.agent, own.id, key)).statusCode).toBe(201)

    for (const [name, other] of Object.entries(await reportsItMayNotSee())) {
      const history = await historyOf(other.id)
      const files = storedFiles()
      const replayed = await resolutionPhoto(medinaHall.agent, other.id, key)
      expect(replayed.statusCode, name).toBe(409)
      expect(replayed.json().error.message).toBe(ANOTHER_REPORT)
      expectNothingOf(replayed, own, other)
      expect((await rowOf(other.id))?.resolution_photo_url).toBeNull()
      expect(await historyOf(other.id)).toEqual(history)
      expect(storedFiles()).toEqual(files)
    }
  })

  it('answers 404 with nothing once its own report is another organisation’s', async () => {
    const own = await agentsReport()
    const key = randomUUID()
    expect((await resolutionPhoto(medinaHall.agent, own.id, key)).statusCode).toBe(201)
    await giveToDepartment(own.id)
    const replayed = await resolutionPhoto(medinaHall.agent, own.id, key)
    expect(replayed.statusCode).toBe(404)
    expectNothingOf(replayed, own)
  })
})

describe('POST /api/org/reports/:id/claim with an Idempotency-Key already used', () => {
  it('refuses with nothing of either report a report the organisation may not see, whatever key comes with it', async () => {
    const own = await agentsReport()
    const key = randomUUID()
    expect((await patch(medinaHall.agent, own.id, { status: 'resolu' }, key)).statusCode).toBe(200)
    // Another organisation's report of its categories and communes is "already claimed" (SPEC.md).
    const refusals = { anotherOrganizations: 409, outsideItsZone: 404, rejected: 404 }
    for (const [name, other] of Object.entries(await reportsItMayNotSee())) {
      const before = await rowOf(other.id)
      const claimed = await ctx.app.inject({
        method: 'POST',
        url: `/api/org/reports/${other.id}/claim`,
        headers: { ...bearer(medinaHall.agent), 'idempotency-key': key },
      })
      expect(claimed.statusCode, name).toBe(refusals[name as keyof typeof refusals])
      expectNothingOf(claimed, own, other)
      expect(await rowOf(other.id)).toEqual(before)
    }
  })
})

describe('PATCH /api/admin/reports/:id with an Idempotency-Key', () => {
  it('keeps no receipt: the same key on two reports changes each one and answers with it', async () => {
    const key = randomUUID()
    const first = await fileAt(MEDINA, 'Trottoir effondré rue Blaise Diagne')
    const second = await fileAt(MEDINA, 'Plaque d’égout manquante avenue Blaise Diagne')
    for (const report of [first, second]) {
      const changed = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/reports/${report.id}`,
        payload: { priority: 'urgent' },
        headers: { ...bearer(admin), 'idempotency-key': key },
      })
      expect(changed.statusCode).toBe(200)
      expect(changed.json()).toMatchObject({ id: report.id, priority: 'urgent' })
      expect((await rowOf(report.id))?.priority).toBe('urgent')
    }
  })
})

describe('POST /api/reports under an Idempotency-Key already used', () => {
  it('gives nothing of the report to another device, nor to an organisation that sends the key on its routes', async () => {
    const key = randomUUID()
    const first = await sendReport(ctx.app, {
      idempotencyKey: key,
      description: 'Lampadaire tombé sur le trottoir de la Médina',
      at: MEDINA,
      withMedia: true,
    })
    expect(first.statusCode).toBe(201)
    const filed = {
      ...(first.json() as { id: string; anonymous_code: string; citizenToken: string }),
      description: 'Lampadaire tombé sur le trottoir de la Médina',
    }
    const stranger = await fileReportAs(ctx.app)
    const byStranger = await sendReport(ctx.app, { idempotencyKey: key, token: stranger.citizenToken })
    expect(byStranger.statusCode).toBe(409)
    expectNothingOf(byStranger, filed)
    expect(byStranger.body).not.toContain(filed.citizenToken)

    // The key of a filing is no key of an organisation's action: sent on the hall's own report it
    // is a new action there, and tells nothing of the citizen's report.
    const own = await agentsReport()
    const onOwn = await patch(medinaHall.agent, own.id, { status: 'resolu' }, key)
    expect(onOwn.statusCode).toBe(200)
    expect(onOwn.json().id).toBe(own.id)
    for (const secret of [filed.id, filed.anonymous_code, filed.description]) {
      expect(onOwn.body).not.toContain(secret)
    }
  })
})
