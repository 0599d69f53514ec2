// The privacy of the anonymous citizen (issue 14, points 1 and 2; issue 27, point 5): the code,
// the photo, the voice note and the organisations' messages belong to the device that filed the
// report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createOrganization, loginOrganization } from '../test/accounts'
import { categoryIdOf, fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'

let ctx: TestContext
let voirieId: number
beforeAll(async () => {
  ctx = await buildTestApp()
  voirieId = await categoryIdOf(ctx.app, 'Voirie')
})
afterAll(() => ctx.close())

const asDevice = (token: string) => ({ 'x-citizen-token': token })

/** A report filed with a photo and a voice note, claimed by an organisation that wrote to its citizen. */
async function answeredReport() {
  const filed = await fileReportAs(ctx.app, { categoryId: voirieId, withMedia: true })
  const org = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  const headers = bearer(await loginOrganization(ctx.app, org.email))
  const claim = await ctx.app.inject({ method: 'POST', url: `/api/org/reports/${filed.id}/claim`, headers })
  expect(claim.statusCode).toBe(200)
  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/api/org/reports/${filed.id}/notifications`,
    headers,
    payload: { title: 'Rendez-vous demain', message: 'Appelez le 77 000 00 00 pour nous montrer le trou.' },
  })
  expect(sent.statusCode).toBe(201)
  return filed
}

async function follow(code: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/citizen/follows', payload: { code } })
  expect(res.statusCode).toBe(201)
  return res.json().citizenToken as string
}

async function support(reportId: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/reports/${reportId}/supports`,
    headers: { 'x-forwarded-for': '192.0.2.77' },
  })
  expect(res.statusCode).toBe(201)
  return res.json().citizenToken as string
}

const reportsOf = async (token: string) =>
  (await ctx.app.inject({ url: '/api/citizen/reports', headers: asDevice(token) })).json().items
const notificationsOf = async (token: string) =>
  (await ctx.app.inject({ url: '/api/citizen/notifications', headers: asDevice(token) })).json()

describe('GET /api/citizen/reports', () => {
  it('gives the filing device its photo, voice note and message titles', async () => {
    const filed = await answeredReport()
    const [mine] = await reportsOf(filed.citizenToken)
    expect(mine).toMatchObject({ id: filed.id, filed_by_this_device: true })
    expect(mine.photo_url).toMatch(/^\/files\//)
    expect(mine.photo_thumb_url).toMatch(/^\/files\//)
    expect(mine.audio_url).toMatch(/^\/files\//)
    expect(mine.history.find((e: { kind: string }) => e.kind === 'message_sent').title).toBe(
      'Rendez-vous demain',
    )
  })

  it.each([
    ['follows it by its code', (filed: { anonymous_code: string }) => follow(filed.anonymous_code)],
    ['says “Moi aussi”', (filed: { id: string }) => support(filed.id)],
  ])('gives a device that %s the public fields, status and history only', async (_, join) => {
    const filed = await answeredReport()
    const stranger = await join(filed)
    const res = await ctx.app.inject({ url: '/api/citizen/reports', headers: asDevice(stranger) })
    const [theirs] = res.json().items
    expect(theirs).toMatchObject({
      id: filed.id,
      anonymous_code: null,
      filed_by_this_device: false,
      status: 'en-cours',
      photo_url: null,
      photo_thumb_url: null,
      audio_url: null,
    })
    expect(theirs.history.map((e: { kind: string }) => e.kind)).toContain('message_sent')
    expect(theirs.history.every((e: { title: string | null }) => e.title === null)).toBe(true)
    expect(res.body).not.toContain('/files/')
    expect(res.body).not.toContain('Rendez-vous demain')
    // The code is the filer's: "Moi aussi" from the public map (which lists ids) never reveals it.
    expect(res.body).not.toContain(filed.anonymous_code)
  })
})

describe('GET /api/citizen/notifications', () => {
  it('never shows the organisation’s messages to a device that follows or supports the report', async () => {
    const filed = await answeredReport()
    for (const stranger of [await follow(filed.anonymous_code), await support(filed.id)]) {
      const res = await ctx.app.inject({ url: '/api/citizen/notifications', headers: asDevice(stranger) })
      expect(res.json()).toEqual({ items: [], unread: 0 })
      expect(res.body).not.toContain('77 000 00 00')
    }
    expect((await notificationsOf(filed.citizenToken)).items[0].message).toBe(
      'Appelez le 77 000 00 00 pour nous montrer le trou.',
    )
  })
})

describe('POST /api/citizen/notifications/read', () => {
  it('never changes another device’s unread count', async () => {
    const filed = await answeredReport()
    const follower = await follow(filed.anonymous_code)
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/notifications/read',
      headers: asDevice(follower),
    })
    expect(read.statusCode).toBe(204)
    expect((await notificationsOf(filed.citizenToken)).unread).toBe(1)

    await ctx.app.inject({
      method: 'POST',
      url: '/api/citizen/notifications/read',
      headers: asDevice(filed.citizenToken),
    })
    expect((await notificationsOf(filed.citizenToken)).unread).toBe(0)
  })
})

describe('GET /api/reports/:id (a report’s public page)', () => {
  it('gives anyone its status and public history, never its code, photo, voice note or messages', async () => {
    const filed = await answeredReport()
    const mine = (await reportsOf(filed.citizenToken))[0]
    const res = await ctx.app.inject(`/api/reports/${filed.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: filed.id, status: 'en-cours' })
    expect(res.json().history.map((e: { kind: string }) => e.kind)).toContain('message_sent')
    for (const secret of [
      filed.anonymous_code,
      filed.citizenToken,
      mine.photo_url,
      mine.photo_thumb_url,
      mine.audio_url,
      '/files/',
      'Rendez-vous demain',
      '77 000 00 00',
    ]) {
      expect(res.body, secret).not.toContain(secret)
    }
    for (const field of ['anonymous_code', 'photo_url', 'photo_thumb_url', 'audio_url']) {
      expect(res.json()).not.toHaveProperty(field)
    }
  })
})
