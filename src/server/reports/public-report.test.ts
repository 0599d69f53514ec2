import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { categoryIdOf, fileReportAs } from '../test/citizen'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'

// GET /api/reports/:id: a report's public page (/signalements/:id) reads it. Two instances on one
// database, as behind a load balancer: each keeps the read in its cache, and a change made through
// either must show on both at once.
let ctx: Awaited<ReturnType<typeof buildTestApp>>
let other: TestContext
let voirieId: number
beforeAll(async () => {
  ctx = await buildTestApp()
  other = await buildTestApp({ sameDatabaseAs: { testDb: ctx.testDb, config: ctx.config } })
  voirieId = await categoryIdOf(ctx.app, 'Voirie')
})
afterAll(async () => {
  await other.close()
  await ctx.close()
})

const read = (id: string, app = ctx.app) => app.inject(`/api/reports/${id}`)

/** A report filed with a photo and a voice note, claimed by an organisation that wrote to its citizen. */
async function handledReport(description: string) {
  const filed = await fileReportAs(ctx.app, { categoryId: voirieId, withMedia: true, description })
  const organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  const headers = bearer(await loginOrganization(ctx.app, organization.email))
  const claim = await ctx.app.inject({ method: 'POST', url: `/api/org/reports/${filed.id}/claim`, headers })
  expect(claim.statusCode).toBe(200)
  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/api/org/reports/${filed.id}/notifications`,
    headers,
    payload: { title: 'Rendez-vous jeudi', message: 'Appelez le 77 111 11 11 pour nous guider.' },
  })
  expect(sent.statusCode).toBe(201)
  return { filed, organization, headers }
}

/** What the other instance answers, once it satisfies `expectation` (notifications are asynchronous). */
async function otherEventually(id: string, expectation: (res: Awaited<ReturnType<typeof read>>) => void) {
  const deadline = Date.now() + 5000
  for (;;) {
    const res = await read(id, other.app)
    try {
      expectation(res)
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
}

describe('GET /api/reports/:id', () => {
  it('gives the public fields, the organisation that handles the report and its public history', async () => {
    const { filed, organization } = await handledReport('Nid-de-poule profond devant l’école Kléber')
    const res = await read(filed.id)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    const body = res.json()
    expect(body).toEqual({
      id: filed.id,
      type: 'Voirie',
      description: 'Nid-de-poule profond devant l’école Kléber',
      status: 'en-cours',
      address: null,
      department: null,
      latitude: 14.7,
      longitude: -17.45,
      location_precision: 'point',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      claimed_at: expect.any(String),
      resolved_at: null,
      organization_name: organization.name,
      resolution: null,
      history: [
        {
          kind: 'created',
          from_status: null,
          to_status: 'en-attente',
          reason: null,
          organization_name: null,
          created_at: expect.any(String),
        },
        {
          kind: 'claimed',
          from_status: 'en-attente',
          to_status: 'en-cours',
          reason: null,
          organization_name: null,
          created_at: expect.any(String),
        },
        {
          kind: 'message_sent',
          from_status: null,
          to_status: null,
          reason: null,
          organization_name: null,
          created_at: expect.any(String),
        },
      ],
    })
  })

  it('never gives the code, the photo, the voice note, a message or anything of the device', async () => {
    const { filed } = await handledReport('Caniveau bouché rue 6')
    const res = await read(filed.id)
    expect(res.statusCode).toBe(200)
    for (const secret of [
      filed.anonymous_code,
      filed.citizenToken,
      '/files/',
      'photo',
      'audio',
      'anonymous_code',
      'reporter',
      'Rendez-vous jeudi',
      '77 111 11 11',
      'title',
    ]) {
      expect(res.body, secret).not.toContain(secret)
    }
  })

  it('says null for the organisation of a report no one has claimed yet', async () => {
    const filed = await fileReportAs(ctx.app, { categoryId: voirieId })
    const body = (await read(filed.id)).json()
    expect(body).toMatchObject({ status: 'en-attente', organization_name: null, claimed_at: null })
    expect(body.history).toEqual([
      {
        kind: 'created',
        from_status: null,
        to_status: 'en-attente',
        reason: null,
        organization_name: null,
        created_at: expect.any(String),
      },
    ])
  })

  it('reads the id in any case, as PostgreSQL does', async () => {
    const filed = await fileReportAs(ctx.app, { categoryId: voirieId })
    const res = await read(filed.id.toUpperCase())
    expect(res.statusCode).toBe(200)
    expect(res.json().id).toBe(filed.id)
  })

  it('answers 404, in French and by reason, for an unknown, a malformed or a rejected report', async () => {
    const rejected = await insertReport(ctx.db.db, { status: 'rejete', description: 'Publicité abusive' })
    ctx.app.readCache.invalidate()
    for (const id of [
      '6f1c1b9e-8a51-4c3e-9d43-0d7f1e2a3b4c',
      'abc',
      '123',
      `${rejected.id}x`,
      "x' or 1=1 --",
      '%00',
      rejected.id,
    ]) {
      const res = await read(encodeURIComponent(id))
      expect({ id, status: res.statusCode }).toEqual({ id, status: 404 })
      expect(res.json().error).toEqual({
        code: 'not_found',
        message: 'Ce signalement n’existe pas ou n’est pas public.',
        reason: 'publicReport.notFound',
      })
    }
  })

  it('shows a status change at once, on this instance and the other', async () => {
    const { filed, headers } = await handledReport('Lampadaire tombé sur le trottoir')
    // Both instances have it in their cache.
    expect((await read(filed.id)).json().status).toBe('en-cours')
    expect((await read(filed.id, other.app)).json().status).toBe('en-cours')

    const resolved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/org/reports/${filed.id}`,
      headers,
      payload: { status: 'resolu' },
    })
    expect(resolved.statusCode).toBe(200)
    const body = (await read(filed.id)).json()
    expect(body.status).toBe('resolu')
    expect(body.resolved_at).toEqual(expect.any(String))
    expect(body.history.at(-1)).toMatchObject({
      kind: 'status_changed',
      from_status: 'en-cours',
      to_status: 'resolu',
    })
    await otherEventually(filed.id, (res) => expect(res.json().status).toBe('resolu'))
  })

  it('shows the organisation’s new name once an administrator has approved it', async () => {
    const { filed, organization, headers } = await handledReport('Trottoir effondré')
    expect((await read(filed.id)).json().organization_name).toMatch(/^Organisation /)
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/org/me',
      headers,
      payload: { name: 'Mairie de Dakar-Plateau' },
    })
    expect(renamed.statusCode).toBe(200)
    expect((await read(filed.id)).json().organization_name).toBe(organization.name)
    const approved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizations/${organization.id}`,
      headers: bearer(await loginAdmin(ctx.app)),
      payload: { name_change: 'approve' },
    })
    expect(approved.statusCode).toBe(200)
    expect((await read(filed.id)).json().organization_name).toBe('Mairie de Dakar-Plateau')
  })
})
