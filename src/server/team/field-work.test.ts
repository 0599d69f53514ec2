// A field agent's work (issue 29, points 7 and 8): the photo of the fix, public beside the status
// and nothing of who took it; and what the agent's phone sends again under an Idempotency-Key,
// done once.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../domain/auth'
import { notifications, organizationMembers, reportEvents, reports } from '../db/schema'
import { addMember, bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'
import { jpegWithGpsExif, png, svgImage } from '../test/media-fixtures'
import { type FilePart, multipartBody } from '../test/multipart'

let ctx: TestContext
let organizationId: string
let responsable: Session
let awa: { id: string; name: string; session: Session }
let moussa: { id: string; name: string; session: Session }

async function agentOf(organization: string) {
  const member = await addMember(ctx.db.db, organization)
  return { id: member.id, name: member.name, session: await loginOrganization(ctx.app, member.email) }
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

/** A citizen's report, handed to Awa by her town hall. */
async function awasReport() {
  const filed = await fileReportAs(ctx.app, { withMedia: true })
  await ctx.db.db
    .update(reports)
    .set({
      assigned_organization_id: organizationId,
      assignee_id: awa.id,
      status: 'en-cours',
      claimed_at: new Date().toISOString(),
    })
    .where(eq(reports.id, filed.id))
  return { id: filed.id, citizenToken: filed.citizenToken }
}

const photoPart = (data: Buffer, contentType = 'image/jpeg'): FilePart => ({
  name: 'photo',
  filename: 'apres.jpg',
  contentType,
  data,
})

function sendPhoto(
  session: Session,
  reportId: string,
  options: { files?: FilePart[]; note?: string; key?: string } = {},
) {
  const body = multipartBody(options.note === undefined ? {} : { note: options.note }, options.files ?? [])
  return ctx.app.inject({
    method: 'POST',
    url: `/api/org/reports/${reportId}/resolution`,
    payload: body.payload,
    headers: {
      ...body.headers,
      ...bearer(session),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  })
}

const historyKinds = async (reportId: string) =>
  (await ctx.db.db.select().from(reportEvents).where(eq(reportEvents.report_id, reportId))).map((line) => [
    line.kind,
    line.actor_member_id,
  ])

describe('the photo of the fix', () => {
  it('is taken by the agent of the report, stripped of its metadata, and shown to all without the agent’s name', async () => {
    const report = await awasReport()
    const sent = await sendPhoto(awa.session, report.id, {
      files: [photoPart(await jpegWithGpsExif())],
      note: '  Trou rebouché au bitume.  ',
    })
    expect(sent.statusCode).toBe(201)
    const resolution = sent.json()
    expect(resolution).toEqual({
      photo_url: expect.stringMatching(/^\/files\/[a-f0-9]{2}\/[a-f0-9]{32}\.webp$/),
      thumb_url: expect.stringMatching(/^\/files\/[a-f0-9]{2}\/[a-f0-9]{32}\.webp$/),
      note: 'Trou rebouché au bitume.',
      created_at: expect.any(String),
    })
    // Re-encoded: no EXIF (nor GPS) left.
    const served = await ctx.app.inject({ url: resolution.photo_url })
    expect(served.statusCode).toBe(200)
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined()

    // Public beside the status; the public history says what, never who.
    const publicPage = (await ctx.app.inject({ url: `/api/reports/${report.id}` })).json()
    expect(publicPage.resolution).toEqual(resolution)
    expect(publicPage.history.at(-1)).toMatchObject({ kind: 'resolution_photo' })
    expect(JSON.stringify(publicPage)).not.toContain(awa.name)
    // The filing device sees it, its own photo still its own.
    const mine = await ctx.app.inject({
      url: '/api/citizen/reports',
      headers: { 'x-citizen-token': report.citizenToken },
    })
    const filed = mine.json().items.find((item: { id: string }) => item.id === report.id)
    expect(filed.resolution).toEqual(resolution)
    expect(JSON.stringify(filed)).not.toContain(awa.name)
    // Open311 gives it as the request's media, a whole address.
    const open311 = await ctx.app.inject({ url: `/open311/v2/requests/${report.id}.json` })
    expect(open311.json()[0].media_url).toBe(`http://localhost${resolution.photo_url}`)
    // The organisation reads who took it.
    const detail = await ctx.app.inject({
      url: `/api/org/reports/${report.id}`,
      headers: bearer(responsable),
    })
    expect(detail.json().resolution).toEqual(resolution)
    expect(detail.json().history.at(-1)).toMatchObject({ kind: 'resolution_photo', member_name: awa.name })
  })

  it('replaces the one before, whose files are then gone', async () => {
    const report = await awasReport()
    const first = (
      await sendPhoto(awa.session, report.id, { files: [photoPart(await png(), 'image/png')] })
    ).json()
    const second = await sendPhoto(responsable, report.id, {
      files: [photoPart(await png(80, 60), 'image/png')],
    })
    expect(second.statusCode).toBe(201)
    expect(second.json().note).toBeNull()
    expect((await ctx.app.inject({ url: first.photo_url })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: first.thumb_url })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: second.json().photo_url })).statusCode).toBe(200)
  })

  it('is refused to another agent, another organisation and bad input, in French, and changes nothing', async () => {
    const report = await awasReport()
    const jpeg = await jpegWithGpsExif()
    const byMoussa = await sendPhoto(moussa.session, report.id, { files: [photoPart(jpeg)] })
    expect(byMoussa.statusCode).toBe(403)
    expect(byMoussa.json().error.message).toBe(
      'Ce signalement est confié à un autre membre de votre organisation.',
    )
    const other = await createOrganization(ctx.db.db, { categories: ['Éclairage public'] })
    const stranger = await loginOrganization(ctx.app, other.email)
    expect((await sendPhoto(stranger, report.id, { files: [photoPart(jpeg)] })).statusCode).toBe(404)

    const without = await sendPhoto(awa.session, report.id, { note: 'Fait' })
    expect(without.statusCode).toBe(400)
    expect(without.json().error.message).toBe('Ajoutez la photo après intervention.')
    const svg = await sendPhoto(awa.session, report.id, { files: [photoPart(svgImage, 'image/svg+xml')] })
    expect(svg.statusCode).toBe(415)
    const longNote = await sendPhoto(awa.session, report.id, {
      files: [photoPart(jpeg)],
      note: 'x'.repeat(501),
    })
    expect(longNote.statusCode).toBe(400)
    expect(longNote.json().error.message).toBe('La note ne doit pas dépasser 500 caractères.')
    const twoPhotos = await sendPhoto(awa.session, report.id, {
      files: [photoPart(jpeg), { ...photoPart(jpeg), name: 'audio' }],
    })
    expect(twoPhotos.statusCode).toBe(400)
    expect(twoPhotos.json().error.message).toBe(
      'Envoyez une seule photo après intervention, sans autre fichier.',
    )

    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, report.id))
    expect(row?.resolution_photo_url).toBeNull()
    expect(await historyKinds(report.id)).toEqual([['created', null]])
  })

  it('is hidden with the report’s own files once an administrator rejects the report', async () => {
    const report = await awasReport()
    const sent = (
      await sendPhoto(awa.session, report.id, { files: [photoPart(await png(), 'image/png')] })
    ).json()
    const admin = await loginAdmin(ctx.app)
    const rejected = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${report.id}`,
      payload: { status: 'rejete', reason: 'Photo d’une personne reconnaissable' },
      headers: bearer(admin),
    })
    expect(rejected.statusCode).toBe(200)
    expect((await ctx.app.inject({ url: sent.photo_url })).statusCode).toBe(404)
    const mine = await ctx.app.inject({
      url: '/api/citizen/reports',
      headers: { 'x-citizen-token': report.citizenToken },
    })
    expect(mine.json().items.find((item: { id: string }) => item.id === report.id).resolution).toBeNull()
    // The administrator still sees it, through a link signed for them.
    const byAdmin = (
      await ctx.app.inject({ url: `/api/admin/reports/${report.id}`, headers: bearer(admin) })
    ).json()
    expect((await ctx.app.inject({ url: byAdmin.resolution.photo_url })).statusCode).toBe(200)
  })
})

describe('what an agent’s phone sends again under its Idempotency-Key', () => {
  const message = (session: Session, reportId: string, key: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/org/reports/${reportId}/notifications`,
      payload: { title: 'Intervention', message: 'Le trou est rebouché.' },
      headers: { ...bearer(session), 'idempotency-key': key },
    })

  it('is done once: a message, a photo, a status, each answered the same again', async () => {
    const report = await awasReport()
    const messageKey = randomUUID()
    const first = await message(awa.session, report.id, messageKey)
    const again = await message(awa.session, report.id, messageKey)
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    const sent = await ctx.db.db.select().from(notifications).where(eq(notifications.report_id, report.id))
    expect(sent).toHaveLength(1)

    const photoKey = randomUUID()
    const photo = { files: [photoPart(await png(), 'image/png')], key: photoKey }
    const [one, two] = await Promise.all([
      sendPhoto(awa.session, report.id, photo),
      sendPhoto(awa.session, report.id, photo),
    ])
    expect([one.statusCode, two.statusCode]).toEqual([201, 201])
    expect(two.json()).toEqual(one.json())
    expect((await ctx.app.inject({ url: one.json().photo_url })).statusCode).toBe(200)

    const statusKey = randomUUID()
    for (let i = 0; i < 2; i++) {
      const resolved = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/org/reports/${report.id}`,
        payload: { status: 'resolu' },
        headers: { ...bearer(awa.session), 'idempotency-key': statusKey },
      })
      expect(resolved.statusCode).toBe(200)
      expect(resolved.json().status).toBe('resolu')
    }
    expect(await historyKinds(report.id)).toEqual([
      ['created', null],
      ['message_sent', awa.id],
      ['resolution_photo', awa.id],
      ['status_changed', awa.id],
    ])
  })

  it('gives nothing to another member who repeats the key, nor to another action, and refuses a weak key', async () => {
    const report = await awasReport()
    const key = randomUUID()
    expect((await message(awa.session, report.id, key)).statusCode).toBe(201)
    const byResponsable = await message(responsable, report.id, key)
    expect(byResponsable.statusCode).toBe(409)
    expect(byResponsable.json().error.message).toBe('Cette clé a déjà servi à une action d’un autre membre.')
    expect(byResponsable.body).not.toContain('Le trou est rebouché.')
    const asPhoto = await sendPhoto(awa.session, report.id, {
      files: [photoPart(await png(), 'image/png')],
      key,
    })
    expect(asPhoto.statusCode).toBe(409)
    expect(asPhoto.json().error.message).toBe('Cette clé a déjà servi à une autre action.')
    const weak = await message(awa.session, report.id, '1234')
    expect(weak.statusCode).toBe(400)
    const [member] = await ctx.db.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.id, awa.id))
    expect(member?.status).toBe('active')
    expect(
      await ctx.db.db.select().from(notifications).where(eq(notifications.report_id, report.id)),
    ).toHaveLength(1)
  })
})

describe('“Ma tournée”', () => {
  it('lists the agent’s reports nearest first from the phone’s position, and refuses a position that is none', async () => {
    const agent = await agentOf(organizationId)
    const at = async (latitude: number, longitude: number) => {
      const filed = await fileReportAs(ctx.app)
      await ctx.db.db
        .update(reports)
        .set({
          assigned_organization_id: organizationId,
          assignee_id: agent.id,
          status: 'en-cours',
          claimed_at: new Date().toISOString(),
          latitude,
          longitude,
        })
        .where(eq(reports.id, filed.id))
      return filed.id
    }
    const far = await at(14.76, -17.4)
    const near = await at(14.692, -17.447)
    const middle = await at(14.72, -17.46)
    const list = await ctx.app.inject({
      url: '/api/org/reports/managed?assignee=me&near=14.6928,-17.4467',
      headers: bearer(agent.session),
    })
    expect(list.statusCode).toBe(200)
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([near, middle, far])
    for (const wrong of ['14.69', '95,-17.4', 'abc,def', '14.69,-17.44,3']) {
      const refused = await ctx.app.inject({
        url: `/api/org/reports/managed?assignee=me&near=${wrong}`,
        headers: bearer(agent.session),
      })
      expect(refused.statusCode).toBe(400)
    }
  })
})
