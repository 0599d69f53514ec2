import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_ERRORS } from '../../domain/errors-rules'
import { apiKeys, citizenDevices, organizations, reports } from '../db/schema'
import { bearer, loginAdmin } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'

// The field names of GeoReport v2 (wiki.open311.org/GeoReport_v2), letter for letter.
const SERVICE_FIELDS = [
  'service_code',
  'service_name',
  'description',
  'metadata',
  'type',
  'keywords',
  'group',
]
const REQUEST_FIELDS = [
  'service_request_id',
  'status',
  'status_notes',
  'service_name',
  'service_code',
  'description',
  'agency_responsible',
  'service_notice',
  'requested_datetime',
  'updated_datetime',
  'expected_datetime',
  'address',
  'address_id',
  'zipcode',
  'lat',
  'long',
  'media_url',
]

let ctx: TestContext
let apiKey: string
let voirie: number
beforeAll(async () => {
  ctx = await buildTestApp()
  const admin = bearer(await loginAdmin(ctx.app))
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: admin,
    payload: { name: 'Application de la mairie' },
  })
  apiKey = created.json().key
  const categories = (await ctx.app.inject('/api/categories')).json() as { id: number; nom: string }[]
  voirie = categories.find((c) => c.nom === 'Voirie')?.id ?? 0
})
afterAll(() => ctx.close())

describe('GET /open311/v2/services.json', () => {
  it('lists the categories as services with the standard’s fields', async () => {
    const res = await ctx.app.inject('/open311/v2/services.json')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/json')
    const services = res.json()
    expect(services.map((s: { service_name: string }) => s.service_name)).toEqual([
      'Assainissement',
      'Autre',
      'Éclairage public',
      'Propreté',
      'Voirie',
    ])
    for (const service of services) expect(Object.keys(service).sort()).toEqual([...SERVICE_FIELDS].sort())
    expect(services.find((s: { service_name: string }) => s.service_name === 'Voirie')).toMatchObject({
      service_code: String(voirie),
      metadata: false,
      type: 'realtime',
    })
  })
})

describe('GET /open311/v2/requests.json', () => {
  it('gives the public fields of reports with the standard’s names, statuses as open or closed', async () => {
    const filed = await fileReportAs(ctx.app, { categoryId: voirie, description: 'Nid-de-poule rue 12' })
    const [org] = await ctx.db.db.select().from(organizations).limit(1)
    const agency =
      org ??
      (
        await ctx.db.db
          .insert(organizations)
          .values({
            name: 'Mairie de Fann',
            type: 'mairie',
            email: 'fann@example.sn',
            phone: '+221 33 000 00 00',
            address: 'Fann',
            city: 'Dakar',
            status: 'approved',
          })
          .returning()
      )[0]
    await ctx.db.db
      .update(reports)
      .set({ status: 'resolu', assigned_organization_id: agency?.id, address: 'Rue 12, Fann' })
      .where(eq(reports.id, filed.id))
    const res = await ctx.app.inject(`/open311/v2/requests.json?service_request_id=${filed.id}`)
    expect(res.statusCode).toBe(200)
    const [request] = res.json()
    expect(Object.keys(request).sort()).toEqual([...REQUEST_FIELDS].sort())
    expect(request).toMatchObject({
      service_request_id: filed.id,
      status: 'closed',
      status_notes: 'Résolu',
      service_name: 'Voirie',
      service_code: String(voirie),
      description: 'Nid-de-poule rue 12',
      agency_responsible: agency?.name,
      address: 'Rue 12, Fann',
      lat: 14.7,
      long: -17.45,
      media_url: null,
    })
    expect(request.requested_datetime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    // Nothing private: no device token or hash, no anonymous code.
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, filed.id))
    for (const secret of [filed.citizenToken, row?.reporter_hash ?? 'missing', filed.anonymous_code])
      expect(res.body).not.toContain(secret)
  })

  it('gives the commune as the address of a report filed without one', async () => {
    const inMedina = await insertReport(ctx.db.db, { latitude: 14.679, longitude: -17.4485, address: null })
    const atSea = await insertReport(ctx.db.db, { latitude: 14.6, longitude: -17.6, address: '  ' })
    const addressOf = async (id: string) =>
      (await ctx.app.inject(`/open311/v2/requests/${id}.json`)).json()[0].address
    expect(await addressOf(inMedina.id)).toBe('Médina')
    expect(await addressOf(atSea.id)).toBeNull()
  })

  it('filters by service_code, status and dates, newest first, never a rejected report', async () => {
    const light = await insertReport(ctx.db.db, {
      categoryName: 'Éclairage public',
      created_at: '2026-10-01T10:00:00Z',
    })
    const road = await insertReport(ctx.db.db, { status: 'en-cours', created_at: '2026-10-02T10:00:00Z' })
    const old = await insertReport(ctx.db.db, { created_at: '2026-01-02T10:00:00Z' })
    await insertReport(ctx.db.db, { status: 'rejete', created_at: '2026-10-03T10:00:00Z' })
    const window = 'start_date=2026-09-30T00:00:00Z&end_date=2026-10-31T00:00:00Z'
    const ids = async (query: string) =>
      (await ctx.app.inject(`/open311/v2/requests.json?${query}`))
        .json()
        .map((r: { service_request_id: string }) => r.service_request_id)

    expect(await ids(window)).toEqual([road.id, light.id])
    expect(await ids(`${window}&service_code=${voirie}`)).toEqual([road.id])
    expect(await ids(`${window}&status=closed`)).toEqual([])
    expect(await ids(`${window}&status=open,closed`)).toEqual([road.id, light.id])
    expect(await ids('start_date=2026-01-01T00:00:00Z&end_date=2026-01-31T00:00:00Z')).toEqual([old.id])
    // Without dates: the last 90 days only.
    expect(await ids('')).not.toContain(old.id)
    // Dates beyond any report's, which the database cannot hold (year 0, six-digit years): taken
    // as the nearest date it can, not a 500 (found by fuzzing).
    const all = await ids('start_date=2000-01-01T00:00:00Z')
    expect(all).toEqual(expect.arrayContaining([road.id, light.id, old.id]))
    for (const start of ['0000-01-01', '-271821-04-20', '0001-01-01T00:00:00%2B01:00'])
      expect({ start, ids: await ids(`start_date=${start}`) }).toEqual({ start, ids: all })
    for (const end of ['%2B275760-09-13', '9999-12-31T23:59:59Z'])
      expect({ end, ids: await ids(`start_date=2000-01-01&end_date=${end}`) }).toEqual({ end, ids: all })
    expect(await ids('start_date=%2B275760-09-13')).toEqual([])
    expect(await ids('start_date=2000-01-01&end_date=0000-01-01')).toEqual([])
  })

  it('answers bad parameters with the standard’s error list, in French', async () => {
    const res = await ctx.app.inject('/open311/v2/requests.json?status=fini')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual([
      { code: 400, description: 'Paramètres invalides. Vérifiez les noms et les formats (dates ISO 8601).' },
    ])
    const xml = await ctx.app.inject('/open311/v2/requests.xml')
    expect(xml.statusCode).toBe(404)
    expect(xml.json()[0].code).toBe(404)
  })
})

describe('GET /open311/v2/requests/:id.json', () => {
  it('gives one request as a list of one, and 404 for an unknown or rejected one', async () => {
    const report = await insertReport(ctx.db.db, { description: 'Lampadaire éteint' })
    const res = await ctx.app.inject(`/open311/v2/requests/${report.id}.json`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject([
      { service_request_id: report.id, status: 'open', status_notes: 'En attente' },
    ])
    const rejected = await insertReport(ctx.db.db, { status: 'rejete' })
    for (const id of [rejected.id, '6f1c1a4e-1111-4a4a-9a9a-000000000000', 'pas-un-id']) {
      const missing = await ctx.app.inject(`/open311/v2/requests/${id}.json`)
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual([
        { code: 404, description: 'Aucune demande ne correspond à cet identifiant.' },
      ])
    }
  })
})

describe('POST /open311/v2/requests.json', () => {
  const form = (fields: Record<string, string>) => ({
    method: 'POST' as const,
    url: '/open311/v2/requests.json',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })

  it('files a report for an application holding a live API key, without a citizen device', async () => {
    const devicesBefore = (await ctx.db.db.select().from(citizenDevices)).length
    const res = await ctx.app.inject(
      form({
        api_key: apiKey,
        service_code: String(voirie),
        lat: '14.7167',
        long: '-17.4677',
        address_string: 'Avenue Bourguiba',
        description: 'Chaussée effondrée sur 2 mètres',
        email: 'quelqu.un@example.sn',
        first_name: 'Awa',
      }),
    )
    expect(res.statusCode).toBe(201)
    const [created] = res.json()
    expect(Object.keys(created).sort()).toEqual(['account_id', 'service_notice', 'service_request_id'])
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, created.service_request_id))
    expect(row).toMatchObject({
      type: 'Voirie',
      status: 'en-attente',
      address: 'Avenue Bourguiba',
      description: 'Chaussée effondrée sur 2 mètres',
      reporter_hash: null,
    })
    expect(JSON.stringify(row)).not.toContain('Awa')
    expect((await ctx.db.db.select().from(citizenDevices)).length).toBe(devicesBefore)
    const [key] = await ctx.db.db.select().from(apiKeys)
    expect(key?.last_used_at).not.toBeNull()
  })

  it('files a subnormal latitude as 0, not a 500 (the fuzzer found it in POST /api/reports)', async () => {
    const res = await ctx.app.inject(
      form({
        api_key: apiKey,
        service_code: String(voirie),
        lat: '5e-324',
        long: '-17.4677',
        description: 'Un problème sérieux',
      }),
    )
    expect(res.statusCode).toBe(201)
    const [created] = res.json()
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, created.service_request_id))
    expect(row).toMatchObject({ latitude: 0, longitude: -17.4677 })
  })

  it('refuses a missing, unknown or revoked key with 403, and files nothing', async () => {
    const before = (await ctx.db.db.select().from(reports)).length
    const fields = {
      service_code: String(voirie),
      lat: '14.7',
      long: '-17.4',
      description: 'Un problème sérieux',
    }
    for (const key of [undefined, 'au_inconnue', 'nimporte quoi']) {
      const res = await ctx.app.inject(form(key ? { ...fields, api_key: key } : fields))
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual([{ code: 403, description: 'Clé API absente, inconnue ou révoquée.' }])
    }
    const admin = bearer(await loginAdmin(ctx.app))
    const revoked = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        headers: admin,
        payload: { name: 'Ancienne' },
      })
    ).json()
    await ctx.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${revoked.id}`, headers: admin })
    expect((await ctx.app.inject(form({ ...fields, api_key: revoked.key }))).statusCode).toBe(403)
    expect((await ctx.db.db.select().from(reports)).length).toBe(before)
  })

  it('refuses an unknown service and a missing position with 400', async () => {
    const unknown = await ctx.app.inject(
      form({ api_key: apiKey, service_code: '99999', lat: '14.7', long: '-17.4' }),
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()[0].description).toBe('Aucun service ne correspond à ce service_code.')
    const noPosition = await ctx.app.inject(form({ api_key: apiKey, service_code: String(voirie) }))
    expect(noPosition.statusCode).toBe(400)
  })

  it('refuses a NUL character in a form field with 400, not a 500 from the database, and files nothing', async () => {
    const before = (await ctx.db.db.select().from(reports)).length
    const res = await ctx.app.inject(
      form({
        api_key: apiKey,
        service_code: String(voirie),
        lat: '14.7',
        long: '-17.4',
        description: 'Trou\u0000',
      }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual([{ code: 400, description: API_ERRORS.invalid_input.message }])
    expect((await ctx.db.db.select().from(reports)).length).toBe(before)
  })

  it('takes JSON too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/open311/v2/requests.json',
      payload: {
        api_key: apiKey,
        service_code: String(voirie),
        lat: 14.7,
        long: -17.4,
        description: 'En JSON cette fois',
      },
    })
    expect(res.statusCode).toBe(201)
  })
})
