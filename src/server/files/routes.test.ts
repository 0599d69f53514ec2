// GET /files/…: a report's photo and voice note, and what changes once it is rejected (issue 14, point 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createOrganization, loginAdmin, loginOrganization, setAdminStatus } from '../test/accounts'
import { categoryIdOf, fileReportAs } from '../test/citizen'
import { buildTestApp, TEST_ADMIN, type TestContext } from '../test/helper'

let ctx: TestContext
let voirieId: number
beforeAll(async () => {
  ctx = await buildTestApp()
  voirieId = await categoryIdOf(ctx.app, 'Voirie')
})
afterAll(() => ctx.close())

interface Media {
  photo_url: string | null
  photo_thumb_url: string | null
  audio_url: string | null
}
const urlsOf = (report: Media) => [report.photo_url, report.photo_thumb_url, report.audio_url]

/** A report with a photo and a voice note, claimed by an organisation; its files as its filer sees them. */
async function reportWithMedia() {
  const filed = await fileReportAs(ctx.app, { categoryId: voirieId, withMedia: true })
  const org = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  const orgHeaders = bearer(await loginOrganization(ctx.app, org.email))
  await ctx.app.inject({ method: 'POST', url: `/api/org/reports/${filed.id}/claim`, headers: orgHeaders })
  const mine = (
    await ctx.app.inject({ url: '/api/citizen/reports', headers: { 'x-citizen-token': filed.citizenToken } })
  ).json().items[0] as Media
  return { filed, orgHeaders, files: urlsOf(mine) as string[] }
}

async function reject(reportId: string, adminHeaders: Record<string, string>) {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/reports/${reportId}`,
    headers: adminHeaders,
    payload: { status: 'rejete', reason: 'Doublon d’un signalement déjà pris en charge.' },
  })
  expect(res.statusCode).toBe(200)
  return res.json() as Media
}

describe('GET /files/…', () => {
  it('serves a report’s files, never to a shared cache, the voice note included', async () => {
    const { files } = await reportWithMedia()
    expect(files.every((url) => url?.startsWith('/files/'))).toBe(true)
    for (const url of files) {
      const res = await ctx.app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toMatch(/^private\b/)
    }
  })

  it('answers 404 to everyone for the files of a rejected report, the citizen and the organisation included', async () => {
    const { filed, orgHeaders, files } = await reportWithMedia()
    const admin = bearer(await loginAdmin(ctx.app))
    await reject(filed.id, admin)
    for (const url of files) {
      expect((await ctx.app.inject(url)).statusCode).toBe(404)
      expect((await ctx.app.inject({ url, headers: orgHeaders })).statusCode).toBe(404)
      expect((await ctx.app.inject({ url, headers: admin })).statusCode).toBe(404)
    }
    const citizen = await ctx.app.inject({
      url: '/api/citizen/reports',
      headers: { 'x-citizen-token': filed.citizenToken },
    })
    expect(citizen.json().items[0]).toMatchObject({ photo_url: null, photo_thumb_url: null, audio_url: null })
    const managed = await ctx.app.inject({ url: '/api/org/reports/managed', headers: orgHeaders })
    expect(managed.body).not.toContain('/files/')
  })

  it('serves them to an administrator through the links the back-office gives, for that file only', async () => {
    const { filed, files } = await reportWithMedia()
    const admin = bearer(await loginAdmin(ctx.app))
    await reject(filed.id, admin)
    const detail = (await ctx.app.inject({ url: `/api/admin/reports/${filed.id}`, headers: admin })).json()
    const links = urlsOf(detail) as string[]
    expect(links.map((link) => link.split('?')[0])).toEqual(files)
    for (const link of links) {
      const res = await ctx.app.inject(link)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('private, no-store')
    }
    const listed = (await ctx.app.inject({ url: '/api/admin/reports?status=rejete', headers: admin }))
      .json()
      .items.find((item: { id: string }) => item.id === filed.id)
    expect((await ctx.app.inject(listed.photo_thumb_url)).statusCode).toBe(200)
    // A link opens the file it was signed for, no other.
    const [photoLink = '', , audioLink = ''] = links
    const token = new URL(photoLink, 'http://x').searchParams.get('token')
    expect((await ctx.app.inject(`${audioLink.split('?')[0]}?token=${token}`)).statusCode).toBe(404)
  })

  it('stops serving an administrator’s links once that administrator is deactivated', async () => {
    const { filed } = await reportWithMedia()
    const admin = bearer(await loginAdmin(ctx.app))
    await reject(filed.id, admin)
    const detail = (await ctx.app.inject({ url: `/api/admin/reports/${filed.id}`, headers: admin })).json()
    await setAdminStatus(ctx.db.db, TEST_ADMIN.username, 'inactive')
    try {
      expect((await ctx.app.inject(detail.photo_url)).statusCode).toBe(404)
    } finally {
      await setAdminStatus(ctx.db.db, TEST_ADMIN.username, 'active')
    }
  })
})
