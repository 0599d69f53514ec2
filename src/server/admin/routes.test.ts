import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES } from '../../domain/admin-rules'
import type { Session } from '../../domain/auth'
import {
  DEFAULT_CLAIM_TARGET_HOURS,
  DEFAULT_RESOLVE_TARGET_HOURS,
  TARGET_HOURS_MAX,
  TARGET_HOURS_MIN,
} from '../../domain/category-rules'
import { categories, organizations, reports, superadmins } from '../db/schema'
import { hashPassword } from '../passwords'
import { bearer, createOrganization, login, loginAdmin, loginOrganization } from '../test/accounts'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'
import { EXPORT_BATCH } from './reports-repository'

// Noon tomorrow: a fixed time of day for the "today" figures, after every row the database dates itself.
const today = new Date()
const NOW = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 12))
// Moved forward by the tests of the one-minute export links, then put back.
let clockNow = NOW
let ctx: TestContext
let admin: Session

beforeAll(async () => {
  ctx = await buildTestApp({ clock: { now: () => clockNow } })
  admin = await loginAdmin(ctx.app)
})
afterAll(() => ctx.close())

const get = (url: string, session: Session = admin) => ctx.app.inject({ url, headers: bearer(session) })
const patch = (url: string, payload: unknown, session: Session = admin) =>
  ctx.app.inject({
    method: 'PATCH',
    url,
    payload: payload as Record<string, unknown>,
    headers: bearer(session),
  })
const post = (url: string, payload: unknown, session: Session = admin) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: bearer(session),
  })

describe('admin reports', () => {
  beforeEach(async () => {
    await ctx.db.db.delete(reports)
  })

  it('computes the statistics on known data', async () => {
    const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000).toISOString()
    await insertReport(ctx.db.db, { created_at: hoursAgo(2) })
    await insertReport(ctx.db.db, { created_at: hoursAgo(30), status: 'en-cours' })
    await insertReport(ctx.db.db, { created_at: hoursAgo(100), status: 'resolu', resolved_at: hoursAgo(90) })
    await insertReport(ctx.db.db, { created_at: hoursAgo(300), status: 'resolu', resolved_at: hoursAgo(270) })
    await insertReport(ctx.db.db, { created_at: hoursAgo(24 * 20), status: 'rejete' })
    const res = await get('/api/admin/stats')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      pending_reports: 1,
      in_progress_reports: 1,
      resolved_reports: 2,
      rejected_reports: 1,
      total_reports: 5,
      avg_resolution_hours: 20,
      today_reports: 1,
      week_reports: 3,
      // None waits past its target (reports/overdue.test.ts has the late ones).
      overdue_reports: 0,
    })
  })

  it('searches, filters and pages by 10 in SQL', async () => {
    for (let i = 0; i < 12; i++) {
      await insertReport(ctx.db.db, {
        description: `Éclairage en panne ${i}`,
        priority: i % 2 === 0 ? 'high' : 'low',
        created_at: new Date(Date.UTC(2026, 10, 1, i)).toISOString(),
      })
    }
    const coded = await insertReport(ctx.db.db, {
      anonymous_code: 'ABCD2345',
      department: 'Rufisque',
      status: 'resolu',
    })
    const page1 = (await get('/api/admin/reports')).json()
    expect(page1).toMatchObject({ total: 13, page: 1, pageSize: 10 })
    expect(page1.items).toHaveLength(10)
    expect((await get('/api/admin/reports?page=2')).json().items).toHaveLength(3)
    expect(
      (await get('/api/admin/reports?q=abcd2345')).json().items.map((r: { id: string }) => r.id),
    ).toEqual([coded.id])
    expect((await get('/api/admin/reports?q=RUFISQUE')).json().total).toBe(1)
    expect((await get('/api/admin/reports?q=panne&priority=high')).json().total).toBe(6)
    expect((await get('/api/admin/reports?status=resolu&priority=all')).json().total).toBe(1)
    expect((await get('/api/admin/reports?status=inconnu')).statusCode).toBe(400)
  })

  it('searches without regard to accents or case, in the address too, and by a code read out with spaces', async () => {
    const road = await insertReport(ctx.db.db, {
      anonymous_code: 'K7M2QX4P',
      description: 'Nid-de-poule profond au milieu de la chaussée',
      address: 'Avenue Cheikh Anta Diop, Fann',
    })
    const ids = async (q: string) =>
      (await get(`/api/admin/reports?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((r: { id: string }) => r.id)
    expect(await ids('CHAUSSEE')).toEqual([road.id])
    expect(await ids('Chaussée')).toEqual([road.id])
    expect(await ids('cheikh anta')).toEqual([road.id])
    expect(await ids('k7m2 qx4p')).toEqual([road.id])
    expect(await ids('K7M2-QX4P')).toEqual([road.id])
    // The category, whatever its accents: "eclairage" finds "Éclairage public".
    const lamp = await insertReport(ctx.db.db, { categoryName: 'Éclairage public', description: 'Lampe' })
    expect(await ids('eclairage PUBLIC')).toContain(lamp.id)
    // Endings aside ("chaussées" finds "chaussée"), the start of a word, never a word it lacks.
    expect(await ids('chaussées')).toEqual([road.id])
    expect(await ids('nid de pou')).toEqual([road.id])
    expect(await ids('k7m2 q')).toEqual([road.id])
    expect(await ids('trottoir')).toEqual([])
  })

  it('shows a report’s detail with its history, and sets priority and status, rejected included', async () => {
    const report = await insertReport(ctx.db.db, { description: 'Publicité déguisée en signalement' })
    const res = await patch(`/api/admin/reports/${report.id}`, {
      priority: 'urgent',
      status: 'rejete',
      reason: 'Doublon d’un signalement déjà pris en charge.',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ priority: 'urgent', status: 'rejete' })
    expect(res.json().history.map((e: { kind: string }) => e.kind)).toEqual([
      'status_changed',
      'priority_changed',
    ])
    // A rejected report leaves every public list, and the map.
    expect((await ctx.app.inject('/api/reports/recent')).json()).toEqual([])
    expect((await ctx.app.inject('/api/reports/count')).json()).toEqual({ count: 0 })
    const map = await ctx.app.inject('/api/reports/map?bbox=-17.6,14.6,-17.3,14.8')
    expect(map.statusCode).toBe(200)
    expect(map.body).not.toContain(report.id)
    expect(map.body).not.toContain(report.anonymous_code)
    expect((await patch(`/api/admin/reports/${report.id}`, { status: 'archive' })).statusCode).toBe(400)
    expect((await patch(`/api/admin/reports/${report.id}`, {})).statusCode).toBe(400)
  })

  it('exports the filtered rows as CSV readable by Excel', async () => {
    await insertReport(ctx.db.db, {
      description: 'Trou; "profond"\net dangereux',
      anonymous_code: 'CSVX2345',
      status: 'en-cours',
      priority: 'high',
    })
    await insertReport(ctx.db.db, { description: '=HYPERLINK("http://x")', anonymous_code: 'CSVX2346' })
    await insertReport(ctx.db.db, {
      description: 'Hors filtre',
      status: 'resolu',
      anonymous_code: 'CSVX2347',
    })
    const res = await get('/api/admin/reports/export.csv?status=all&q=csvx')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="signalements-${NOW.toISOString().slice(0, 10)}.csv"`,
    )
    expect(res.body.startsWith('\uFEFFCode;Date de création;Type;Statut;Priorité;Description')).toBe(true)
    const lines = res.body.trim().split('\r\n')
    expect(lines).toHaveLength(4)
    expect(res.body).toContain('CSVX2345;')
    expect(res.body).toContain(';En cours;Élevé;"Trou; ""profond""\net dangereux";')
    expect(res.body).toContain(`;"'=HYPERLINK(""http://x"")";`)
    // Coordinates stay numbers (a western longitude is negative, not a formula).
    expect(res.body).toContain(';14.6928;-17.4467;')
  })

  it('exports hostile descriptions so that no spreadsheet sees a formula, whatever its separator', async () => {
    const hostile = {
      CSVH2345: 'Trou, =HYPERLINK("http://x")',
      CSVH2346: 'Trou;=1+1',
      CSVH2347: 'Trou\t@SUM(A1)',
      CSVH2348: 'Trou\r\n-2+3',
      CSVH2349: 'Trou,  +cmd',
      CSVH2352: 'Trou,"=1+1',
      CSVH2353: 'Trou, profond',
    }
    for (const [code, description] of Object.entries(hostile)) {
      await insertReport(ctx.db.db, { anonymous_code: code, description })
    }
    const body = (await get('/api/admin/reports/export.csv?q=csvh')).body
    // Every field a reader could split is quoted; an apostrophe comes before each formula start.
    expect(body).toContain(`;"Trou, '=HYPERLINK(""http://x"")";`)
    expect(body).toContain(`;"Trou;'=1+1";`)
    expect(body).toContain(`;"Trou\t'@SUM(A1)";`)
    expect(body).toContain(`;"Trou\r\n'-2+3";`)
    expect(body).toContain(`;"Trou,  '+cmd";`)
    expect(body).toContain(`;"Trou,""'=1+1";`)
    expect(body).toContain(`;"Trou, profond";`)
    // A reader that takes the comma, the semicolon, the tab or a line break for a boundary and
    // ignores the quoting never finds a cell starting like a formula (numbers aside).
    for (const boundary of [',', ';', '\t', '\r', '\n']) {
      const cells = body.split(boundary).map((cell) => cell.replace(/^[ "]*/, ''))
      const formulas = cells.filter((cell) => /^[=+\-@]/.test(cell) && !/^-\d+(\.\d+)?(\s|$)/.test(cell))
      expect(formulas).toEqual([])
    }
  })

  it('exports each report’s commune and whether it is late, and why', async () => {
    const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000).toISOString()
    // Médina's centre, filed 3 days ago and never claimed (past 48 hours); off Dakar, filed an hour ago.
    await insertReport(ctx.db.db, {
      anonymous_code: 'CSVK2345',
      latitude: 14.679,
      longitude: -17.4485,
      created_at: hoursAgo(72),
    })
    await insertReport(ctx.db.db, {
      anonymous_code: 'CSVK2346',
      latitude: 14.5,
      longitude: -17.1,
      created_at: hoursAgo(1),
    })
    const lines = (await get('/api/admin/reports/export.csv?q=csvk')).body.trim().split('\r\n')
    const header = lines[0]?.split(';') ?? []
    const cellOf = (code: string, column: string) =>
      lines.find((line) => line.startsWith(`${code};`))?.split(';')[header.indexOf(column)]
    expect(cellOf('CSVK2345', 'Commune')).toBe('Médina')
    expect(cellOf('CSVK2345', 'En retard')).toBe('Prise en charge en retard')
    expect(cellOf('CSVK2346', 'Commune')).toBe('Hors du département')
    expect(cellOf('CSVK2346', 'En retard')).toBe('')
  })

  it('sorts the list and its export by "Moi aussi" supporters, then newest', async () => {
    const at = (h: number) => new Date(NOW.getTime() - h * 3600_000).toISOString()
    await insertReport(ctx.db.db, { anonymous_code: 'SORTA234', supporters_count: 0, created_at: at(1) })
    await insertReport(ctx.db.db, { anonymous_code: 'SORTB234', supporters_count: 5, created_at: at(3) })
    await insertReport(ctx.db.db, { anonymous_code: 'SORTC234', supporters_count: 2, created_at: at(4) })
    await insertReport(ctx.db.db, { anonymous_code: 'SORTD234', supporters_count: 2, created_at: at(2) })
    const codes = async (url: string) =>
      ((await get(url)).json() as { items: { anonymous_code: string }[] }).items.map((r) => r.anonymous_code)
    expect(await codes('/api/admin/reports?sort=supporters')).toEqual([
      'SORTB234',
      'SORTD234',
      'SORTC234',
      'SORTA234',
    ])
    expect(await codes('/api/admin/reports')).toEqual(['SORTA234', 'SORTD234', 'SORTB234', 'SORTC234'])
    expect(await codes('/api/admin/reports?sort=newest')).toEqual(await codes('/api/admin/reports'))
    const csv = (await get('/api/admin/reports/export.csv?sort=supporters')).body
    const exported = csv.trim().split('\r\n').slice(1)
    expect(exported.map((line) => line.split(';')[0])).toEqual([
      'SORTB234',
      'SORTD234',
      'SORTC234',
      'SORTA234',
    ])
    expect(exported[0]?.endsWith(';5;')).toBe(true)
    expect((await get('/api/admin/reports?sort=oldest')).statusCode).toBe(400)
  })

  it('gives a one-minute signed link that downloads the filtered CSV without the bearer token', async () => {
    await insertReport(ctx.db.db, { anonymous_code: 'XPRT2345', status: 'resolu', priority: 'urgent' })
    await insertReport(ctx.db.db, { anonymous_code: 'XPRT3456', status: 'en-attente' })
    const res = await post('/api/admin/reports/export-link', { status: 'resolu', q: 'xprt' })
    expect(res.statusCode).toBe(200)
    const { url, expiresAt } = res.json() as { url: string; expiresAt: string }
    expect(url).toMatch(/^\/api\/admin\/reports\/export-download\?token=[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(new Date(expiresAt).getTime()).toBe(NOW.getTime() + 60_000)

    const download = await ctx.app.inject(url)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="signalements-${NOW.toISOString().slice(0, 10)}.csv"`,
    )
    // The byte order mark first, so that Excel reads UTF-8 (trim() would remove it).
    expect(download.body.startsWith('\uFEFFCode;')).toBe(true)
    const lines = download.body.trim().split('\r\n')
    expect(lines[0]).toBe(
      'Code;Date de création;Type;Statut;Priorité;Description;Adresse;Département;Commune;Latitude;Longitude;Organisation;Date de résolution;Soutiens;En retard',
    )
    // The filters travel inside the signed link: only the resolved report.
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/^XPRT2345;.*;Voirie;Résolu;Urgent;/)

    // A link cannot be altered, and the filters cannot be changed beside it.
    const token = url.split('token=').at(-1) ?? ''
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    expect((await ctx.app.inject(url.replace(token, tampered))).statusCode).toBe(401)
    expect((await ctx.app.inject(`${url}&status=all`)).statusCode).toBe(400)
    // A session token is not an export link, nor an export link a session token.
    expect((await ctx.app.inject(url.replace(token, admin.token))).statusCode).toBe(401)
    expect((await get('/api/admin/stats', { ...admin, token })).statusCode).toBe(401)
    // Unknown fields are refused, and nobody but an administrator gets a link.
    expect((await post('/api/admin/reports/export-link', { status: 'resolu', limit: 5 })).statusCode).toBe(
      400,
    )
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/admin/reports/export-link', payload: {} }))
        .statusCode,
    ).toBe(401)
  })

  it('refuses an export link once its minute is over, or once its administrator is deactivated', async () => {
    const { url } = (await post('/api/admin/reports/export-link', {})).json() as { url: string }
    try {
      clockNow = new Date(NOW.getTime() + 59_000)
      expect((await ctx.app.inject(url)).statusCode).toBe(200)
      clockNow = new Date(NOW.getTime() + 61_000)
      const late = await ctx.app.inject(url)
      expect(late.statusCode).toBe(401)
      expect(late.headers['content-type']).toContain('application/json')
    } finally {
      clockNow = NOW
    }

    await ctx.db.db
      .insert(superadmins)
      .values({ username: 'exporteur', password_hash: await hashPassword('exporteur-pass') })
    const exporter = await login(ctx.app, {
      userType: 'admin',
      username: 'exporteur',
      password: 'exporteur-pass',
    })
    const link = (await post('/api/admin/reports/export-link', {}, exporter)).json() as { url: string }
    await ctx.db.db
      .update(superadmins)
      .set({ status: 'inactive' })
      .where(eq(superadmins.username, 'exporteur'))
    expect((await ctx.app.inject(link.url)).statusCode).toBe(401)
  })

  it('exports more rows than one batch, all of them, once', async () => {
    const rowCount = EXPORT_BATCH + 105
    const values = Array.from({ length: rowCount }, (_, i) => ({
      anonymous_code: `B${String(i).padStart(7, '0')}`,
      category_id: 1,
      type: 'Voirie',
      description: `Ligne ${i}`,
      latitude: 14.7,
      longitude: -17.4,
      created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000).toISOString(),
    }))
    const [voirie] = await ctx.db.db.select().from(categories).where(eq(categories.nom, 'Voirie'))
    await ctx.db.db.insert(reports).values(values.map((v) => ({ ...v, category_id: voirie?.id ?? 1 })))
    const body = (await get('/api/admin/reports/export.csv')).body
    const codes = body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';')[0])
    expect(codes).toHaveLength(rowCount)
    expect(new Set(codes).size).toBe(rowCount)
  })
})

describe('admin organisations', () => {
  it('lists with counts, search and status filter, and approves, suspends and rejects', async () => {
    const pending = await createOrganization(ctx.db.db, { status: 'pending', email: 'attente@thies.sn' })
    await ctx.db.db.update(organizations).set({ city: 'Thiès' }).where(eq(organizations.id, pending.id))
    const list = (await get('/api/admin/organizations?q=thiès')).json()
    expect(list.items.map((o: { id: string }) => o.id)).toEqual([pending.id])
    expect(list.items[0].categories).toEqual(['Voirie'])
    expect(list.counts.pending).toBeGreaterThanOrEqual(1)
    expect(
      (await get('/api/admin/organizations?status=pending'))
        .json()
        .items.every((o: { status: string }) => o.status === 'pending'),
    ).toBe(true)

    expect((await patch(`/api/admin/organizations/${pending.id}`, { status: 'approved' })).statusCode).toBe(
      200,
    )
    const session = await loginOrganization(ctx.app, pending.email)
    const before = (await get('/api/admin/organizations')).json().counts
    expect((await patch(`/api/admin/organizations/${pending.id}`, { is_active: false })).statusCode).toBe(200)
    expect((await get('/api/org/me', session)).statusCode).toBe(401)
    // A suspended organisation counts as suspended, no longer as approved: the counts agree.
    expect((await get('/api/admin/organizations')).json().counts).toEqual({
      total: before.total,
      approved: before.approved - 1,
      pending: before.pending,
      suspended: before.suspended + 1,
      name_changes: before.name_changes,
      zone_changes: before.zone_changes,
    })
    expect((await patch(`/api/admin/organizations/${pending.id}`, { status: 'archived' })).statusCode).toBe(
      400,
    )
  })
})

describe('admin organisations, pages and unknown ids', () => {
  it('pages the organisations by 10, newest first, and answers 404 for an unknown one', async () => {
    const created = []
    for (let i = 0; i < 11; i++) created.push(await createOrganization(ctx.db.db, { status: 'rejected' }))
    const first = (await get('/api/admin/organizations?status=rejected')).json()
    expect(first).toMatchObject({ page: 1, pageSize: 10 })
    expect(first.total).toBeGreaterThanOrEqual(11)
    expect(first.items).toHaveLength(10)
    const second = (await get('/api/admin/organizations?status=rejected&page=2')).json()
    const ids = [...first.items, ...second.items].map((o: { id: string }) => o.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(expect.arrayContaining(created.map((o) => o.id)))
    expect(first.items[0].id).toBe(created.at(-1)?.id)

    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await patch(`/api/admin/organizations/${unknown}`, { status: 'approved' })).statusCode).toBe(404)
    expect((await get(`/api/admin/reports/${unknown}`)).statusCode).toBe(404)
    expect((await patch(`/api/admin/reports/${unknown}`, { status: 'resolu' })).statusCode).toBe(404)
    expect((await patch(`/api/admin/users/${unknown}`, { name: 'Personne' })).statusCode).toBe(404)
    expect((await patch('/api/admin/categories/999999', { nom: 'Personne' })).statusCode).toBe(404)
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/admin/categories/999999',
      headers: bearer(admin),
    })
    expect(gone.statusCode).toBe(404)
  })
})

describe('admin users', () => {
  it('creates an administrator with a hashed password, who can log in', async () => {
    const res = await post('/api/admin/users', {
      name: 'Awa Ndiaye',
      email: 'awa@dakar.sn',
      username: 'awa.ndiaye',
      password: 'secret-awa-1',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ username: 'awa.ndiaye', status: 'active', last_login: null })
    const [row] = await ctx.db.db.select().from(superadmins).where(eq(superadmins.username, 'awa.ndiaye'))
    expect(row?.password_hash).toMatch(/^\$argon2id\$/)
    await login(ctx.app, { userType: 'admin', username: 'awa.ndiaye', password: 'secret-awa-1' })
    const dup = await post('/api/admin/users', {
      name: 'X',
      email: 'x@dakar.sn',
      username: 'AWA.NDIAYE',
      password: 'abcdef',
    })
    expect(dup.statusCode).toBe(409)
    const users = (await get('/api/admin/users')).json()
    expect(users.counts.active).toBeGreaterThanOrEqual(2)
  })

  it('edits an administrator, but never lets one deactivate their own account', async () => {
    const [other] = await ctx.db.db
      .insert(superadmins)
      .values({ username: 'moussa', password_hash: await hashPassword('moussa-pass'), status: 'active' })
      .returning()
    const edited = await patch(`/api/admin/users/${other?.id}`, { name: 'Moussa Diop', status: 'inactive' })
    expect(edited.json()).toMatchObject({ name: 'Moussa Diop', status: 'inactive' })
    const own = await patch(`/api/admin/users/${admin.user.id}`, { name: 'Moi', status: 'inactive' })
    expect(own.statusCode).toBe(409)
    expect(own.json().error.message).toBe(
      'Vous ne pouvez pas désactiver votre propre compte : demandez-le à un autre super administrateur.',
    )
    const [me] = await ctx.db.db.select().from(superadmins).where(eq(superadmins.id, admin.user.id))
    expect(me?.status).toBe('active')
    expect(me?.name).not.toBe('Moi')
    await patch(`/api/admin/users/${other?.id}`, { status: 'active' })
  })

  it('never lets two administrators deactivating each other at once leave nobody active', async () => {
    const pair = await ctx.db.db
      .insert(superadmins)
      .values([
        { username: 'awa', password_hash: await hashPassword('awa-pass-2026'), status: 'active' },
        { username: 'binta', password_hash: await hashPassword('binta-pass-2026'), status: 'active' },
      ])
      .returning()
    const [awa, binta] = pair
    // Only these two stay active for this test.
    const others = (await ctx.db.db.select().from(superadmins)).filter(
      (row) => row.status === 'active' && !pair.some((p) => p.id === row.id),
    )
    const sessions = await Promise.all(
      ['awa', 'binta'].map((username) =>
        login(ctx.app, { userType: 'admin', username, password: `${username}-pass-2026` }),
      ),
    )
    await setAdminStatuses(
      others.map((row) => row.id),
      'inactive',
    )
    try {
      const answers = await Promise.all([
        patch(`/api/admin/users/${binta?.id}`, { status: 'inactive' }, sessions[0]),
        patch(`/api/admin/users/${awa?.id}`, { status: 'inactive' }, sessions[1]),
      ])
      // The second is refused: as the last active one (409), or as no longer active itself (401).
      const [won, refused] = answers.map((res) => res.statusCode).sort()
      expect(won).toBe(200)
      expect([401, 409]).toContain(refused)
      const active = (await ctx.db.db.select().from(superadmins)).filter((row) => row.status === 'active')
      expect(active).toHaveLength(1)
    } finally {
      await setAdminStatuses(
        [...others, ...pair].map((row) => row.id),
        'active',
      )
    }
  })
})

async function setAdminStatuses(ids: string[], status: 'active' | 'inactive') {
  if (ids.length > 0) await ctx.db.db.update(superadmins).set({ status }).where(inArray(superadmins.id, ids))
}

describe('PATCH /api/admin/users/:id: one’s own username', () => {
  it('changes only with the current password: a stolen session cannot take the account', async () => {
    const [fatou] = await ctx.db.db
      .insert(superadmins)
      .values({ username: 'fatou', password_hash: await hashPassword('fatou-pass-2026'), status: 'active' })
      .returning()
    const own = `/api/admin/users/${fatou?.id}`
    const stolen = await login(ctx.app, { userType: 'admin', username: 'fatou', password: 'fatou-pass-2026' })
    const without = await patch(own, { username: 'voleur' }, stolen)
    expect(without.statusCode).toBe(400)
    // Her id in capitals is her id.
    expect(
      (await patch(`/api/admin/users/${fatou?.id.toUpperCase()}`, { username: 'voleur' }, stolen)).statusCode,
    ).toBe(400)
    expect(without.json().error).toMatchObject({
      field: 'currentPassword',
      message: 'Saisissez votre mot de passe actuel pour changer votre identifiant de connexion.',
    })
    const wrong = await patch(own, { username: 'voleur', currentPassword: 'devine' }, stolen)
    expect(wrong.json().error).toMatchObject({
      field: 'currentPassword',
      message: 'Le mot de passe actuel est incorrect.',
    })
    // Nothing changed: she still signs in as "fatou".
    await login(ctx.app, { userType: 'admin', username: 'fatou', password: 'fatou-pass-2026' })
    // Her name, and her username in capitals, need no password; a new username with hers goes.
    expect((await patch(own, { name: 'Fatou Sall', username: 'FATOU' }, stolen)).statusCode).toBe(200)
    const right = await patch(own, { username: 'fatou.sall', currentPassword: 'fatou-pass-2026' }, stolen)
    expect(right.json()).toMatchObject({ username: 'fatou.sall', name: 'Fatou Sall' })
    await login(ctx.app, { userType: 'admin', username: 'fatou.sall', password: 'fatou-pass-2026' })
    // Another administrator's account is theirs to manage: no password of hers asked.
    expect((await patch(own, { username: 'fatou' })).statusCode).toBe(200)
  })
})

describe('admin users, edge cases found by fuzzing', () => {
  it('answers an empty edit with the administrator unchanged, or 404 for an unknown one', async () => {
    const unchanged = await patch(`/api/admin/users/${admin.user.id}`, {})
    expect(unchanged.statusCode).toBe(200)
    expect(unchanged.json()).toMatchObject({ id: admin.user.id, username: 'admin' })
    const unknown = await patch('/api/admin/users/00000000-0000-4000-8000-000000000000', {})
    expect(unknown.statusCode).toBe(404)
  })
})

describe('admin categories', () => {
  it('refuses a category id past PostgreSQL’s integer range with 400, not 500 (found by fuzzing)', async () => {
    expect((await patch('/api/admin/categories/2147483648', { nom: 'Trop loin' })).statusCode).toBe(400)
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/admin/categories/2147483648',
      headers: bearer(admin),
    })
    expect(del.statusCode).toBe(400)
    expect(del.json().error.code).toBe('invalid_input')
  })

  it('creates, renames and deletes a category; one in use is refused with 409', async () => {
    const created = await post('/api/admin/categories', { nom: 'Espaces verts' })
    expect(created.statusCode).toBe(201)
    const id = created.json().id
    expect((await post('/api/admin/categories', { nom: 'espaces VERTS' })).statusCode).toBe(409)
    expect((await patch(`/api/admin/categories/${id}`, { nom: 'Parcs et jardins' })).json()).toEqual({
      id,
      nom: 'Parcs et jardins',
      translations: { en: '', wo: '' },
      claim_target_hours: DEFAULT_CLAIM_TARGET_HOURS,
      resolve_target_hours: DEFAULT_RESOLVE_TARGET_HOURS,
    })
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/categories/${id}`,
      headers: bearer(admin),
    })
    expect(del.statusCode).toBe(204)

    const parking = (await post('/api/admin/categories', { nom: 'Stationnement' })).json().id
    await insertReport(ctx.db.db, { categoryName: 'Stationnement' })
    const deleteParking = () =>
      ctx.app.inject({ method: 'DELETE', url: `/api/admin/categories/${parking}`, headers: bearer(admin) })
    const inUse = await deleteParking()
    expect(inUse.statusCode).toBe(409)
    // Why, and what to move first.
    expect(inUse.json().error).toMatchObject({
      message: 'Impossible de supprimer la catégorie\u202f: 1 signalement l’utilise.',
      reason: 'admin.categoryInUse',
    })
    await insertReport(ctx.db.db, { categoryName: 'Stationnement' })
    await createOrganization(ctx.db.db, { categories: ['Stationnement'] })
    expect((await deleteParking()).json().error.message).toBe(
      'Impossible de supprimer la catégorie\u202f: 2 signalements et 1 organisation l’utilisent.',
    )
    const [voirie] = await ctx.db.db.select().from(categories).where(eq(categories.nom, 'Voirie'))
    expect((await patch(`/api/admin/categories/${voirie?.id}`, { nom: '  ' })).statusCode).toBe(400)
  })
})

describe('the targets of a category (issue 30)', () => {
  const targetsOf = async (id: number) => {
    const [row] = await ctx.db.db.select().from(categories).where(eq(categories.id, id))
    return { claim: row?.claim_target_hours, resolve: row?.resolve_target_hours, nom: row?.nom }
  }

  it('GET /api/admin/categories gives each category with its targets, the defaults at first', async () => {
    const res = await get('/api/admin/categories')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toContainEqual({
      id: expect.any(Number),
      nom: 'Voirie',
      translations: { en: 'Roads', wo: 'Mbedd yi' },
      claim_target_hours: 48,
      resolve_target_hours: 336,
    })
  })

  it('PATCH /api/admin/categories/:id sets one target or both, and leaves the rest as it was', async () => {
    const created = await post('/api/admin/categories', { nom: 'Gares routières', resolve_target_hours: 72 })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ claim_target_hours: 48, resolve_target_hours: 72 })
    const { id } = created.json()
    const claimOnly = await patch(`/api/admin/categories/${id}`, { claim_target_hours: 24 })
    expect(claimOnly.statusCode).toBe(200)
    expect(claimOnly.json()).toMatchObject({
      nom: 'Gares routières',
      claim_target_hours: 24,
      resolve_target_hours: 72,
    })
    const both = await patch(`/api/admin/categories/${id}`, {
      nom: 'Gares routières',
      claim_target_hours: TARGET_HOURS_MIN,
      resolve_target_hours: TARGET_HOURS_MAX,
    })
    expect(both.json()).toMatchObject({ claim_target_hours: 1, resolve_target_hours: 8760 })
    expect(await targetsOf(id)).toEqual({ claim: 1, resolve: 8760, nom: 'Gares routières' })
    const listed = (await get('/api/admin/categories')).json()
    expect(listed.find((category: { id: number }) => category.id === id)).toMatchObject({
      claim_target_hours: 1,
      resolve_target_hours: 8760,
    })
  })

  it.each([
    ['claim_target_hours', 0, ADMIN_MESSAGES.claimTargetOutOfRange],
    ['claim_target_hours', 8761, ADMIN_MESSAGES.claimTargetOutOfRange],
    ['claim_target_hours', 1.5, ADMIN_MESSAGES.claimTargetOutOfRange],
    ['claim_target_hours', '48', ADMIN_MESSAGES.claimTargetOutOfRange],
    ['resolve_target_hours', -3, ADMIN_MESSAGES.resolveTargetOutOfRange],
    ['resolve_target_hours', null, ADMIN_MESSAGES.resolveTargetOutOfRange],
  ])(
    'refuses %s = %j with 400, in French, naming the field, and changes nothing',
    async (field, value, message) => {
      const [voirie] = await ctx.db.db.select().from(categories).where(eq(categories.nom, 'Voirie'))
      const id = voirie?.id ?? 0
      const before = await targetsOf(id)
      const res = await patch(`/api/admin/categories/${id}`, { nom: 'Routes', [field]: value })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatchObject({ code: 'invalid_input', message, field })
      expect(await targetsOf(id)).toEqual(before)
      expect((await post('/api/admin/categories', { nom: 'Baignade', [field]: value })).statusCode).toBe(400)
    },
  )

  it('refuses a claim target past the resolve target, sent together or alone, and changes nothing', async () => {
    const [voirie] = await ctx.db.db.select().from(categories).where(eq(categories.nom, 'Voirie'))
    const id = voirie?.id ?? 0
    const before = await targetsOf(id)
    const refusal = {
      code: 'invalid_input',
      message: ADMIN_MESSAGES.claimTargetAfterResolve,
      field: 'claim_target_hours',
    }
    // Both at once: the form's own check.
    const both = await patch(`/api/admin/categories/${id}`, {
      claim_target_hours: 100,
      resolve_target_hours: 50,
    })
    expect(both.statusCode).toBe(400)
    expect(both.json().error).toMatchObject(refusal)
    // One alone, against the other kept (48 to claim): the database's check.
    const alone = await patch(`/api/admin/categories/${id}`, { nom: 'Routes', resolve_target_hours: 24 })
    expect(alone.statusCode).toBe(400)
    expect(alone.json().error).toMatchObject(refusal)
    expect(await targetsOf(id)).toEqual(before)
    const created = await post('/api/admin/categories', { nom: 'Baignade', resolve_target_hours: 12 })
    expect(created.statusCode).toBe(400)
    expect(created.json().error).toMatchObject(refusal)
    // Equal is in order.
    expect((await patch(`/api/admin/categories/${id}`, { resolve_target_hours: 48 })).statusCode).toBe(200)
    await patch(`/api/admin/categories/${id}`, { resolve_target_hours: before.resolve })
  })

  it('refuses an empty change with 400', async () => {
    const [voirie] = await ctx.db.db.select().from(categories).where(eq(categories.nom, 'Voirie'))
    expect((await patch(`/api/admin/categories/${voirie?.id}`, {})).statusCode).toBe(400)
  })

  it('says each target’s limits in its message', () => {
    expect(ADMIN_MESSAGES.claimTargetOutOfRange).toBe(
      'Le délai de prise en charge est un nombre entier d’heures, de 1 à 8\u202f760 (un an).',
    )
    expect(ADMIN_MESSAGES.resolveTargetOutOfRange).toMatch(/^Le délai de résolution /)
  })
})

describe('admin category translations', () => {
  const listed = async (id: number) =>
    (await ctx.app.inject('/api/categories')).json().find((c: { id: number }) => c.id === id)

  it('creates a category with its English and Wolof names, which GET /api/categories gives', async () => {
    const created = await post('/api/admin/categories', {
      nom: 'Marchés',
      translations: { en: ' Markets ', wo: 'Marse yi' },
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ nom: 'Marchés', translations: { en: 'Markets', wo: 'Marse yi' } })
    // The public list has the names; the back-office's has the targets too.
    expect(created.json()).toEqual({
      ...(await listed(created.json().id)),
      claim_target_hours: 48,
      resolve_target_hours: 336,
    })
  })

  it('keeps the translations on a rename without them, changes or empties them when sent', async () => {
    const { id } = (
      await post('/api/admin/categories', { nom: 'Plages', translations: { en: 'Beaches', wo: 'Tefes yi' } })
    ).json()
    await patch(`/api/admin/categories/${id}`, { nom: 'Plages et corniche' })
    expect(await listed(id)).toMatchObject({
      nom: 'Plages et corniche',
      translations: { en: 'Beaches', wo: 'Tefes yi' },
    })
    const changed = await patch(`/api/admin/categories/${id}`, {
      nom: 'Plages',
      translations: { en: '', wo: 'Tefes' },
    })
    expect(changed.json()).toMatchObject({ translations: { en: '', wo: 'Tefes' } })
    expect(await listed(id)).toMatchObject({ translations: { en: '', wo: 'Tefes' } })
  })

  it('refuses a translation longer than a name may be, with a French message, and changes nothing', async () => {
    const { id } = (
      await post('/api/admin/categories', { nom: 'Stades', translations: { en: 'Stadiums' } })
    ).json()
    const before = await listed(id)
    const tooLong = await patch(`/api/admin/categories/${id}`, {
      nom: 'Stades',
      translations: { wo: 'x'.repeat(101) },
    })
    expect(tooLong.statusCode).toBe(400)
    expect(JSON.stringify(tooLong.json())).toContain('Le nom en wolof ne peut pas dépasser 100 caractères')
    expect(await listed(id)).toEqual(before)
    const created = await post('/api/admin/categories', {
      nom: 'Ports',
      translations: { en: 'y'.repeat(101) },
    })
    expect(created.statusCode).toBe(400)
    expect(JSON.stringify(created.json())).toContain('Le nom en anglais ne peut pas dépasser 100 caractères')
    expect(
      (await ctx.app.inject('/api/categories')).json().some((c: { nom: string }) => c.nom === 'Ports'),
    ).toBe(false)
  })
})

describe('permissions', () => {
  it('refuses every admin route to the anonymous, organisations and inactive administrators', async () => {
    const org = await createOrganization(ctx.db.db)
    const orgSession = await loginOrganization(ctx.app, org.email)
    await ctx.db.db
      .insert(superadmins)
      .values({ username: 'ancien', password_hash: await hashPassword('ancien-pass'), status: 'active' })
    const former = await login(ctx.app, { userType: 'admin', username: 'ancien', password: 'ancien-pass' })
    await ctx.db.db.update(superadmins).set({ status: 'inactive' }).where(eq(superadmins.username, 'ancien'))
    const routes = ctx.app.printRoutes({ commonPrefix: false })
    expect(routes).toContain('/api/admin/stats')
    for (const url of [
      '/api/admin/stats',
      '/api/admin/reports',
      '/api/admin/organizations',
      '/api/admin/users',
    ]) {
      expect((await ctx.app.inject(url)).statusCode).toBe(401)
      expect((await get(url, orgSession)).statusCode).toBe(403)
      expect((await get(url, former)).statusCode).toBe(401)
    }
    const before = await ctx.db.db.select().from(categories)
    expect((await post('/api/admin/categories', { nom: 'Intrus' }, orgSession)).statusCode).toBe(403)
    expect(await ctx.db.db.select().from(categories)).toEqual(before)
  })
})
