// The permission matrix of DESIGN.md section 7: every route of the app against every kind of
// caller. The routes come from the app's own route table (an onRoute hook in app.ts), so a new
// route without a policy here fails this test. A refused request must change nothing: every
// table of the database (listed by the database itself) and the stored files are fingerprinted
// before and after it.
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../domain/auth'
import { type Db, queryRows } from './db/database'
import { reports, superadmins } from './db/schema'
import { hashPassword } from './passwords'
import {
  addMember,
  createOrganization,
  login,
  loginAdmin,
  loginOrganization,
  ORG_PASSWORD,
  setOrganization,
} from './test/accounts'
import { fileReportAs } from './test/citizen'
import { buildTestApp, type TestContext } from './test/helper'
import { png } from './test/media-fixtures'
import { type FilePart, multipartBody } from './test/multipart'
import { newPhone } from './test/push-service'

type Caller =
  | 'anonymous'
  | 'citizen'
  | 'otherCitizen'
  | 'orgWithCategory'
  | 'orgWithoutCategory'
  | 'agent'
  | 'otherOrgAgent'
  | 'disabledMember'
  | 'pendingOrg'
  | 'suspendedOrg'
  | 'admin'
  | 'inactiveAdmin'
  | 'expiredToken'
  | 'otherKeyToken'
  | 'algNoneToken'
const CALLERS: Caller[] = [
  'anonymous',
  'citizen',
  'otherCitizen',
  'orgWithCategory',
  'orgWithoutCategory',
  'agent',
  'otherOrgAgent',
  'disabledMember',
  'pendingOrg',
  'suspendedOrg',
  'admin',
  'inactiveAdmin',
  'expiredToken',
  'otherKeyToken',
  'algNoneToken',
]
/**
 * Callers with no session the server accepts: DESIGN.md section 7 gives a pending or suspended
 * organisation "nothing but the login error", an inactive administrator nothing, and a forged,
 * expired or unsigned token is no session at all. A citizen device has no bearer session.
 */
const NO_SESSION: Caller[] = [
  'anonymous',
  'citizen',
  'otherCitizen',
  'disabledMember',
  'pendingOrg',
  'suspendedOrg',
  'inactiveAdmin',
  'expiredToken',
  'otherKeyToken',
  'algNoneToken',
]

interface Fixture {
  headers: Record<Caller, Record<string, string>>
  reportId: string
  managedReportId: string
  code: string
  /** The code of a report that callers follow (the matrix's own, not the citizen's). */
  followCode: string
  citizenToken: string
  photoUrl: string
  organizationId: string
  adminId: string
  categoryId: number
  /** The report that callers support ("Moi aussi"): neither the citizen's nor the managed one. */
  supportedReportId: string
  /** An Open311 API key for the admin to revoke. */
  apiKeyId: string
  /** An invited member of orgWithCategory, and the token of another one's invitation. */
  invitedMemberId: string
  invitationToken: string
  /** A photo to send as the photo of the fix. */
  photo: Buffer
}

interface Request {
  url: string
  payload?: unknown
  multipart?: { fields: Record<string, string | number>; files?: FilePart[] }
}

interface Policy {
  /** Who may call it; everyone else must be refused and change nothing. */
  allowed: Caller[] | 'everyone'
  /**
   * What a refused caller gets. `bearer` (the default): 401 without a valid session, 403 for a
   * session of the wrong kind. `device`: 401 for anything but a device token. `backup`: the
   * dump of the embedded database, for a caller on the machine with the secret of DATA_DIR only;
   * the matrix comes through a proxy (X-Forwarded-For), where the route does not exist (404). Its
   * 401s for direct callers are in backup/routes.test.ts. `apiKey`: an Open311 client's key,
   * which none of the callers holds: 403 in the standard's error list (open311/routes.test.ts
   * has the calls with a key).
   */
  guard?: 'bearer' | 'device' | 'backup' | 'apiKey'
  /** Refusals that differ from the guard's rule (a report the caller may not even see: 404). */
  refusedWith?: Partial<Record<Caller, number>>
  /** The highest status an allowed caller may get (a 4xx that is the route's own answer). */
  allowedBelow?: number
  request(f: Fixture): Request
}

/** The responsables of two organisations (orgWithCategory handles Voirie, the other does not). */
const ORGANIZATIONS: Caller[] = ['orgWithCategory', 'orgWithoutCategory']
/** Everyone of the two organisations' teams: their responsables and an agent of each. */
const MEMBERS: Caller[] = [...ORGANIZATIONS, 'agent', 'otherOrgAgent']
const DEVICES: Caller[] = ['citizen', 'otherCitizen']
const unique = () => randomBytes(4).toString('hex')

/** One entry per route the app serves. */
const POLICIES: Record<string, Policy | { exempt: string }> = {
  'GET /api/health': { allowed: 'everyone', request: () => ({ url: '/api/health' }) },
  'GET /api/docs': { allowed: 'everyone', request: () => ({ url: '/api/docs' }) },
  'GET /api/categories': { allowed: 'everyone', request: () => ({ url: '/api/categories' }) },
  'GET /api/areas': { allowed: 'everyone', request: () => ({ url: '/api/areas' }) },
  'GET /api/reports/recent': { allowed: 'everyone', request: () => ({ url: '/api/reports/recent' }) },
  'GET /api/reports/count': { allowed: 'everyone', request: () => ({ url: '/api/reports/count' }) },
  'GET /api/public/stats': { allowed: 'everyone', request: () => ({ url: '/api/public/stats' }) },
  'GET /api/public/reports.csv': { allowed: 'everyone', request: () => ({ url: '/api/public/reports.csv' }) },
  'GET /api/public/reports.geojson': {
    allowed: 'everyone',
    request: () => ({ url: '/api/public/reports.geojson' }),
  },
  'GET /api/reports/map': {
    allowed: 'everyone',
    request: () => ({ url: '/api/reports/map?bbox=-17.6,14.6,-17.3,14.8' }),
  },
  'GET /api/reports/:id': {
    // A report's public page: anyone reads its public fields (privacy.test.ts says which).
    allowed: 'everyone',
    request: (f) => ({ url: `/api/reports/${f.reportId}` }),
  },
  'GET /api/reports/track/:code': {
    allowed: 'everyone',
    request: (f) => ({ url: `/api/reports/track/${f.code}` }),
  },
  'GET /files/*': {
    // "Photo and audio of a report are readable by anyone who can see the report": its address
    // is random and only given with the report.
    allowed: 'everyone',
    request: (f) => ({ url: f.photoUrl }),
  },
  'GET /api/geocode/reverse': {
    exempt: 'public; answers 503 with geocoding off in tests (geocoding/routes.test.ts)',
  },
  'GET /api/events': {
    exempt: 'a never-ending stream; its audience rules are tested in events/routes.test.ts',
  },
  'POST /api/events/ticket': {
    // A device by its token, or anyone signed in by their session: a ticket opens their own stream.
    allowed: [...DEVICES, ...MEMBERS, 'admin'],
    request: () => ({ url: '/api/events/ticket' }),
  },
  'POST /api/reports': {
    allowed: 'everyone',
    request: (f) => ({
      url: '/api/reports',
      multipart: {
        fields: {
          categoryId: f.categoryId,
          description: 'Un signalement de la matrice',
          latitude: 14.7,
          longitude: -17.4,
        },
      },
    }),
  },
  'GET /api/reports/nearby': {
    allowed: 'everyone',
    request: (f) => ({ url: `/api/reports/nearby?categoryId=${f.categoryId}&lat=14.7&lon=-17.45` }),
  },
  'POST /api/reports/:id/supports': {
    // "Moi aussi" is public like filing; a device that already supports it gets the route's 409.
    allowed: 'everyone',
    allowedBelow: 500,
    request: (f) => ({ url: `/api/reports/${f.supportedReportId}/supports` }),
  },
  'POST /api/citizen/reports/:id/confirm': {
    // Only the device that filed the report; the route's 409 when it is not (or no longer) resolved.
    allowed: ['citizen'],
    guard: 'device',
    refusedWith: { otherCitizen: 403 },
    allowedBelow: 500,
    request: (f) => ({ url: `/api/citizen/reports/${f.managedReportId}/confirm` }),
  },
  'POST /api/citizen/reports/:id/reopen': {
    allowed: ['citizen'],
    guard: 'device',
    refusedWith: { otherCitizen: 403 },
    allowedBelow: 500,
    request: (f) => ({ url: `/api/citizen/reports/${f.managedReportId}/reopen` }),
  },
  'GET /open311/v2/services.json': {
    allowed: 'everyone',
    request: () => ({ url: '/open311/v2/services.json' }),
  },
  'GET /open311/v2/requests.json': {
    allowed: 'everyone',
    request: () => ({ url: '/open311/v2/requests.json' }),
  },
  'GET /open311/v2/requests/:id.json': {
    allowed: 'everyone',
    request: (f) => ({ url: `/open311/v2/requests/${f.reportId}.json` }),
  },
  'POST /open311/v2/requests.json': {
    allowed: [],
    guard: 'apiKey',
    request: (f) => ({
      url: '/open311/v2/requests.json',
      payload: { service_code: String(f.categoryId), lat: 14.7, long: -17.4, description: 'Sans clé API' },
    }),
  },
  'GET /api/admin/api-keys': { allowed: ['admin'], request: () => ({ url: '/api/admin/api-keys' }) },
  'POST /api/admin/api-keys': {
    allowed: ['admin'],
    request: () => ({ url: '/api/admin/api-keys', payload: { name: `Partenaire ${unique()}` } }),
  },
  'DELETE /api/admin/api-keys/:id': {
    allowed: ['admin'],
    request: (f) => ({ url: `/api/admin/api-keys/${f.apiKeyId}` }),
  },
  'POST /api/organizations/signup': {
    allowed: 'everyone',
    request: (f) => ({
      url: '/api/organizations/signup',
      payload: {
        name: `Association du quartier ${unique()}`,
        type: 'association',
        email: `asso-${unique()}@example.sn`,
        phone: '+221 77 000 00 00',
        address: 'Rue 1',
        city: 'Dakar',
        categoryIds: [f.categoryId],
        password: 'abcdef12',
      },
    }),
  },
  'POST /api/citizen/follows': {
    // Public: whoever knows a report's code may follow it on their device.
    allowed: 'everyone',
    request: (f) => ({ url: '/api/citizen/follows', payload: { code: f.followCode } }),
  },
  'POST /api/auth/login': { exempt: 'authenticates by its body (auth/routes.test.ts)' },
  'POST /api/auth/refresh': { exempt: 'authenticates by its body (auth/routes.test.ts)' },
  'POST /api/auth/logout': { exempt: 'authenticates by its body (auth/routes.test.ts)' },
  'GET /api/citizen/reports': {
    allowed: DEVICES,
    guard: 'device',
    request: () => ({ url: '/api/citizen/reports' }),
  },
  'GET /api/citizen/notifications': {
    allowed: DEVICES,
    guard: 'device',
    request: () => ({ url: '/api/citizen/notifications' }),
  },
  'POST /api/citizen/notifications/read': {
    allowed: DEVICES,
    guard: 'device',
    request: () => ({ url: '/api/citizen/notifications/read' }),
  },
  'GET /api/push/key': { allowed: 'everyone', request: () => ({ url: '/api/push/key' }) },
  'POST /api/citizen/push': {
    allowed: DEVICES,
    guard: 'device',
    request: () => ({
      url: '/api/citizen/push',
      payload: newPhone(`https://fcm.googleapis.com/fcm/send/${unique()}`).subscription,
    }),
  },
  'DELETE /api/citizen/push': {
    allowed: DEVICES,
    guard: 'device',
    request: () => ({
      url: '/api/citizen/push',
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/x' },
    }),
  },
  'POST /api/org/push': {
    allowed: MEMBERS,
    request: () => ({
      url: '/api/org/push',
      payload: newPhone(`https://fcm.googleapis.com/fcm/send/${unique()}`).subscription,
    }),
  },
  'DELETE /api/org/push': {
    allowed: MEMBERS,
    request: () => ({ url: '/api/org/push', payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/x' } }),
  },
  'POST /api/auth/password': {
    // Allowed callers get a 400 (wrong current password): the matrix never changes a password.
    allowed: [...MEMBERS, 'admin'],
    allowedBelow: 500,
    request: () => ({
      url: '/api/auth/password',
      payload: { currentPassword: 'wrong-one', newPassword: 'abcdef12' },
    }),
  },
  'GET /api/org/me': { allowed: MEMBERS, request: () => ({ url: '/api/org/me' }) },
  'PATCH /api/org/me': {
    allowed: ORGANIZATIONS,
    request: () => ({ url: '/api/org/me', payload: { phone: '+221 77 000 00 00' } }),
  },
  'GET /api/org/stats': { allowed: MEMBERS, request: () => ({ url: '/api/org/stats' }) },
  'GET /api/org/notifications': {
    allowed: MEMBERS,
    request: () => ({ url: '/api/org/notifications' }),
  },
  'GET /api/org/reports/available': {
    allowed: MEMBERS,
    request: () => ({ url: '/api/org/reports/available?overdue=1' }),
  },
  'GET /api/org/reports/managed': {
    allowed: MEMBERS,
    request: () => ({ url: '/api/org/reports/managed?overdue=1' }),
  },
  'GET /api/org/reports/available/map': {
    allowed: MEMBERS,
    request: () => ({ url: '/api/org/reports/available/map?bbox=-17.6,14.6,-17.3,14.8' }),
  },
  'GET /api/org/reports/managed/map': {
    allowed: MEMBERS,
    request: () => ({ url: '/api/org/reports/managed/map?bbox=-17.6,14.6,-17.3,14.8' }),
  },
  'GET /api/org/reports/:id': {
    allowed: ['orgWithCategory', 'agent'],
    refusedWith: { orgWithoutCategory: 404, otherOrgAgent: 404 },
    request: (f) => ({ url: `/api/org/reports/${f.managedReportId}` }),
  },
  'POST /api/org/reports/:id/claim': {
    allowed: ['orgWithCategory', 'agent'],
    refusedWith: { orgWithoutCategory: 404, otherOrgAgent: 404 },
    request: (f) => ({ url: `/api/org/reports/${f.reportId}/claim` }),
  },
  'PATCH /api/org/reports/:id': {
    // The agent of orgWithCategory reads the report; it is handed to nobody, so not theirs to change.
    allowed: ['orgWithCategory'],
    refusedWith: { orgWithoutCategory: 404, otherOrgAgent: 404 },
    request: (f) => ({ url: `/api/org/reports/${f.managedReportId}`, payload: { status: 'resolu' } }),
  },
  'POST /api/org/reports/:id/notifications': {
    // The agent of orgWithCategory reads the report; it is handed to nobody, so not theirs to change.
    allowed: ['orgWithCategory'],
    refusedWith: { orgWithoutCategory: 404, otherOrgAgent: 404 },
    request: (f) => ({
      url: `/api/org/reports/${f.managedReportId}/notifications`,
      payload: { title: 'Bonjour', message: 'Intervention prévue.' },
    }),
  },
  'POST /api/org/reports/:id/resolution': {
    // The agent of orgWithCategory reads the report; it is handed to nobody, so not theirs to change.
    allowed: ['orgWithCategory'],
    refusedWith: { orgWithoutCategory: 404, otherOrgAgent: 404 },
    request: (f) => ({
      url: `/api/org/reports/${f.managedReportId}/resolution`,
      multipart: {
        fields: {},
        files: [{ name: 'photo', filename: 'apres.png', contentType: 'image/png', data: f.photo }],
      },
    }),
  },
  'GET /api/org/members': { allowed: ORGANIZATIONS, request: () => ({ url: '/api/org/members' }) },
  'POST /api/org/members': {
    allowed: ORGANIZATIONS,
    request: () => ({
      url: '/api/org/members',
      payload: {
        name: 'Awa Ndiaye',
        email: `awa-${unique()}@example.sn`,
        role: 'agent',
        currentPassword: ORG_PASSWORD,
      },
    }),
  },
  'POST /api/org/members/:id/invitation': {
    allowed: ['orgWithCategory'],
    refusedWith: { orgWithoutCategory: 404 },
    request: (f) => ({
      url: `/api/org/members/${f.invitedMemberId}/invitation`,
      payload: { currentPassword: ORG_PASSWORD },
    }),
  },
  'PATCH /api/org/members/:id': {
    allowed: ['orgWithCategory'],
    refusedWith: { orgWithoutCategory: 404 },
    request: (f) => ({ url: `/api/org/members/${f.invitedMemberId}`, payload: { name: 'Moussa Diop' } }),
  },
  'GET /api/org/invitations/:token': {
    allowed: 'everyone',
    request: (f) => ({ url: `/api/org/invitations/${f.invitationToken}` }),
  },
  'POST /api/org/invitations/:token': {
    exempt: 'its one-time token is the permission, spent by the first call (team/routes.test.ts)',
  },
  'GET /api/admin/stats': { allowed: ['admin'], request: () => ({ url: '/api/admin/stats' }) },
  'GET /api/admin/reports': { allowed: ['admin'], request: () => ({ url: '/api/admin/reports?overdue=1' }) },
  'GET /api/admin/reports/export.csv': {
    allowed: ['admin'],
    request: () => ({ url: '/api/admin/reports/export.csv' }),
  },
  'POST /api/admin/reports/export-link': {
    allowed: ['admin'],
    request: () => ({ url: '/api/admin/reports/export-link', payload: { status: 'all' } }),
  },
  'GET /api/admin/reports/export-download': {
    exempt: 'authenticates by the signed one-minute link in its query (admin/routes.test.ts)',
  },
  'GET /api/admin/reports/:id': {
    allowed: ['admin'],
    request: (f) => ({ url: `/api/admin/reports/${f.reportId}` }),
  },
  'GET /api/admin/reports/:id/eligible-organizations': {
    allowed: ['admin'],
    request: (f) => ({ url: `/api/admin/reports/${f.reportId}/eligible-organizations` }),
  },
  'PATCH /api/admin/reports/:id': {
    allowed: ['admin'],
    request: (f) => ({ url: `/api/admin/reports/${f.reportId}`, payload: { priority: 'urgent' } }),
  },
  'GET /api/admin/organizations': {
    allowed: ['admin'],
    request: () => ({ url: '/api/admin/organizations' }),
  },
  'GET /api/admin/organizations/:id': {
    allowed: ['admin'],
    request: (f) => ({ url: `/api/admin/organizations/${f.organizationId}` }),
  },
  'PATCH /api/admin/organizations/:id': {
    allowed: ['admin'],
    request: (f) => ({ url: `/api/admin/organizations/${f.organizationId}`, payload: { is_active: true } }),
  },
  'GET /api/admin/users': { allowed: ['admin'], request: () => ({ url: '/api/admin/users' }) },
  'POST /api/admin/users': {
    allowed: ['admin'],
    request: () => ({
      url: '/api/admin/users',
      payload: {
        name: 'Nouvel admin',
        email: `n${unique()}@dakar.sn`,
        username: `n${unique()}`,
        password: 'abcdef12',
      },
    }),
  },
  'PATCH /api/admin/users/:id': {
    allowed: ['admin'],
    request: (f) => ({ url: `/api/admin/users/${f.adminId}`, payload: { name: 'Administrateur' } }),
  },
  'GET /api/admin/categories': { allowed: ['admin'], request: () => ({ url: '/api/admin/categories' }) },
  'POST /api/admin/categories': {
    allowed: ['admin'],
    request: () => ({ url: '/api/admin/categories', payload: { nom: `Catégorie ${unique()}` } }),
  },
  'PATCH /api/admin/categories/:id': {
    allowed: ['admin'],
    request: (f) => ({
      url: `/api/admin/categories/${f.categoryId}`,
      payload: { nom: 'Voirie', claim_target_hours: 48, resolve_target_hours: 336 },
    }),
  },
  'GET /api/admin/areas': { allowed: ['admin'], request: () => ({ url: '/api/admin/areas' }) },
  'PUT /api/admin/areas': {
    allowed: ['admin'],
    // No feature: refused as such (400) to the administrator, so that nothing is imported.
    allowedBelow: 500,
    request: () => ({ url: '/api/admin/areas', payload: { type: 'FeatureCollection', features: [] } }),
  },
  'POST /api/internal/backup': {
    allowed: [],
    guard: 'backup',
    request: () => ({ url: '/api/internal/backup' }),
  },
  'DELETE /api/admin/categories/:id': {
    // The category is in use: the admin gets the 409 of SPEC.md, nothing is deleted.
    allowed: ['admin'],
    allowedBelow: 500,
    request: (f) => ({ url: `/api/admin/categories/${f.categoryId}` }),
  },
}

/** Every table of the database, as the database lists them: a new table cannot escape. */
async function fingerprint(db: Db, uploadsDir: string): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  // Every table's digest in one statement: one round trip instead of one a table (the matrix takes
  // about two thousand fingerprints).
  const digests = await queryRows<{ name: string; digest: string | null }>(
    db,
    sql.raw(
      tables
        .map(
          ({ name }) =>
            `select '${name}' as name, (select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${name}" t) as digest`,
        )
        .join(' union all '),
    ),
  )
  const digestOf = new Map(digests.map(({ name, digest }) => [name, digest]))
  const parts = tables.map(({ name }) => `${name}:${digestOf.get(name)}`)
  let files: string[] = []
  try {
    files = readdirSync(uploadsDir, { recursive: true }).map(String).sort()
  } catch {
    // no upload yet
  }
  parts.push(`files:${createHash('sha256').update(files.join('\n')).digest('hex')}`)
  return parts.join(',')
}

let ctx: TestContext
let fixture: Fixture
let uploadsDir: string

async function forgedToken(secret: string, claims: { sub: string; iat: number; exp: number }) {
  return new SignJWT({ typ: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('alertes-urbaines')
    .setAudience('alertes-urbaines-api')
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(new TextEncoder().encode(secret))
}

beforeAll(async () => {
  ctx = await buildTestApp()
  uploadsDir = path.join(ctx.config.dataDir, 'uploads')
  const db = ctx.db.db
  const bearerOf = (session: Session) => ({ authorization: `Bearer ${session.token}` })
  const withCategory = await createOrganization(db, { categories: ['Voirie'] })
  const withoutCategory = await createOrganization(db, { categories: ['Propreté'] })
  const pending = await createOrganization(db, { status: 'approved' })
  const suspended = await createOrganization(db, {})
  // Sessions opened while they could still log in: their tokens must stop working.
  const pendingSession = await loginOrganization(ctx.app, pending.email)
  const suspendedSession = await loginOrganization(ctx.app, suspended.email)
  await setOrganization(db, pending.id, { status: 'pending' })
  await setOrganization(db, suspended.id, { is_active: false })
  await db
    .insert(superadmins)
    .values({ username: 'retraite', password_hash: await hashPassword('retraite-pass') })
  const inactive = await login(ctx.app, {
    userType: 'admin',
    username: 'retraite',
    password: 'retraite-pass',
  })
  await db.update(superadmins).set({ status: 'inactive' }).where(eq(superadmins.username, 'retraite'))
  const admin = await loginAdmin(ctx.app)
  const withCategorySession = await loginOrganization(ctx.app, withCategory.email)
  const agent = await addMember(db, withCategory.id)
  const disabled = await addMember(db, withCategory.id)
  const agentSession = await loginOrganization(ctx.app, agent.email)
  const otherOrgAgent = await addMember(db, withoutCategory.id)
  // A session opened while the member was active: it must stop when they are disabled.
  const disabledSession = await loginOrganization(ctx.app, disabled.email)
  await ctx.app.inject({
    method: 'PATCH',
    url: `/api/org/members/${disabled.id}`,
    headers: bearerOf(withCategorySession),
    payload: { status: 'disabled' },
  })
  const invited = await addMember(db, withCategory.id, { status: 'invited' })
  const invitation = await ctx.app.inject({
    method: 'POST',
    url: '/api/org/members',
    headers: bearerOf(withCategorySession),
    payload: {
      name: 'Invité de la matrice',
      email: `invite-${unique()}@example.sn`,
      role: 'agent',
      currentPassword: ORG_PASSWORD,
    },
  })
  const invitationToken = String(invitation.json().invitation.url).split('/').pop() ?? ''

  const categories = (await ctx.app.inject('/api/categories')).json() as { id: number; nom: string }[]
  const voirie = categories.find((c) => c.nom === 'Voirie')?.id ?? 0
  const filed = await fileReportAs(ctx.app, { categoryId: voirie })
  const other = await fileReportAs(ctx.app, { categoryId: voirie })
  const followed = await fileReportAs(ctx.app, { categoryId: voirie })
  const managed = await fileReportAs(ctx.app, { categoryId: voirie, token: filed.citizenToken })
  await ctx.app.inject({
    method: 'POST',
    url: `/api/org/reports/${managed.id}/claim`,
    headers: bearerOf(withCategorySession),
  })
  const withPhoto = multipartBody(
    { categoryId: voirie, description: 'Photo du nid-de-poule', latitude: 14.7, longitude: -17.4 },
    [{ name: 'photo', filename: 'photo.png', contentType: 'image/png', data: await png() }],
  )
  const photoReport = await ctx.app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: withPhoto.payload,
    headers: { ...withPhoto.headers, 'x-forwarded-for': '198.18.0.1' },
  })
  const photoDevice = { 'x-citizen-token': photoReport.json().citizenToken }
  const [photoRow] = (await ctx.app.inject({ url: '/api/citizen/reports', headers: photoDevice })).json()
    .items as { photo_url: string }[]

  const apiKey = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: bearerOf(admin),
    payload: { name: 'Clé de la matrice' },
  })

  const now = Math.floor(Date.now() / 1000)
  fixture = {
    apiKeyId: apiKey.json().id,
    invitedMemberId: invited.id,
    invitationToken,
    photo: await png(),
    supportedReportId: followed.id,
    reportId: filed.id,
    managedReportId: managed.id,
    code: filed.anonymous_code,
    followCode: followed.anonymous_code,
    citizenToken: filed.citizenToken,
    photoUrl: photoRow?.photo_url ?? '',
    organizationId: pending.id,
    adminId: admin.user.id,
    categoryId: voirie,
    headers: {
      anonymous: {},
      citizen: { 'x-citizen-token': filed.citizenToken },
      otherCitizen: { 'x-citizen-token': other.citizenToken },
      orgWithCategory: bearerOf(withCategorySession),
      orgWithoutCategory: bearerOf(await loginOrganization(ctx.app, withoutCategory.email)),
      agent: bearerOf(agentSession),
      otherOrgAgent: bearerOf(await loginOrganization(ctx.app, otherOrgAgent.email)),
      disabledMember: bearerOf(disabledSession),
      pendingOrg: bearerOf(pendingSession),
      suspendedOrg: bearerOf(suspendedSession),
      admin: bearerOf(admin),
      inactiveAdmin: bearerOf(inactive),
      expiredToken: {
        authorization: `Bearer ${await forgedToken(ctx.config.jwtSecret ?? '', { sub: admin.user.id, iat: now - 7200, exp: now - 3600 })}`,
      },
      otherKeyToken: {
        authorization: `Bearer ${await forgedToken(randomBytes(32).toString('hex'), { sub: admin.user.id, iat: now, exp: now + 600 })}`,
      },
      algNoneToken: {
        authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: admin.user.id, typ: 'admin', iss: 'alertes-urbaines', aud: 'alertes-urbaines-api', iat: now, exp: now + 600 })).toString('base64url')}.`,
      },
    },
  }
  expect(fixture.photoUrl).toMatch(/^\/files\//)
})
afterAll(() => ctx.close())

let address = 0
function send(method: string, request: Request, caller: Caller) {
  address += 1
  const headers = {
    ...fixture.headers[caller],
    // Each request from its own address, so that the per-address limits stay out of the way.
    'x-forwarded-for': `198.18.${Math.floor(address / 250) % 250}.${address % 250}`,
  }
  if (request.multipart) {
    const body = multipartBody(request.multipart.fields, request.multipart.files)
    return ctx.app.inject({
      method: method as 'POST',
      url: request.url,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    })
  }
  return ctx.app.inject({
    method: method as 'GET',
    url: request.url,
    headers,
    ...(request.payload ? { payload: request.payload as Record<string, unknown> } : {}),
  })
}

function expectedRefusal(policy: Policy, caller: Caller): number {
  const special = policy.refusedWith?.[caller]
  if (special !== undefined) return special
  if (policy.guard === 'device') return 401
  if (policy.guard === 'backup') return 404
  if (policy.guard === 'apiKey') return 403
  return NO_SESSION.includes(caller) ? 401 : 403
}

describe('permission matrix', () => {
  it('has a policy for every route the app serves, and no policy for a route it does not serve', () => {
    const served = ctx.app.routeTable.map((route) => `${route.method} ${route.url}`)
    expect(served).toContain('GET /api/health')
    expect(served).toContain('DELETE /api/admin/categories/:id')
    expect(served.filter((key) => !(key in POLICIES))).toEqual([])
    expect(Object.keys(POLICIES).filter((key) => !served.includes(key))).toEqual([])
  })

  for (const [key, entry] of Object.entries(POLICIES)) {
    if ('exempt' in entry) continue
    const [method = 'GET'] = key.split(' ')
    it(`${key}: refused callers get the section 7 answer and change nothing, allowed callers succeed`, async () => {
      const allowed = entry.allowed === 'everyone' ? CALLERS : entry.allowed
      // Each refused request must leave the data as the previous one left it: its fingerprint
      // after is the next one's before.
      let before = await fingerprint(ctx.db.db, uploadsDir)
      for (const caller of CALLERS.filter((c) => !allowed.includes(c))) {
        const res = await send(method, entry.request(fixture), caller)
        expect(res.statusCode, `${key} as ${caller} answered ${res.body}`).toBe(
          expectedRefusal(entry, caller),
        )
        if (entry.guard === 'apiKey') {
          // GeoReport v2's error list: [{code, description}].
          expect(res.json()[0], `${key} as ${caller}`).toMatchObject({
            code: 403,
            description: expect.any(String),
          })
        } else {
          expect(res.json().error.code, `${key} as ${caller}`).toMatch(/^[a-z_]+$/)
        }
        const after = await fingerprint(ctx.db.db, uploadsDir)
        expect(after, `${key} as ${caller} changed data`).toBe(before)
        before = after
      }
      for (const caller of allowed) {
        const res = await send(method, entry.request(fixture), caller)
        expect(res.statusCode, `${key} as ${caller}: ${res.body}`).toBeLessThan(entry.allowedBelow ?? 300)
        expect([401, 403, 404], `${key} as ${caller}: ${res.body}`).not.toContain(res.statusCode)
      }
    })
  }
})

/** The same request with everything in it wrong: ids, query and body. */
function withBadInput(method: string, request: Request): Request {
  const [path = '', query] = request.url.split('?')
  const badPath = path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'pas-un-id')
  const badQuery = `${query ? `${query}&` : ''}page=-1&status=inconnu&champ_inconnu=1`
  return {
    url: `${badPath}?${badQuery}`,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { champ_inconnu: 1, status: 42 } }),
  }
}

describe('authentication before validation', () => {
  for (const [key, entry] of Object.entries(POLICIES)) {
    if ('exempt' in entry || entry.allowed === 'everyone') continue
    if (entry.guard === 'backup') continue
    const [method = 'GET'] = key.split(' ')
    it(`${key}: a caller without a session or key is refused for bad input, never told of fields`, async () => {
      for (const caller of ['anonymous', 'expiredToken'] as const) {
        const res = await send(method, withBadInput(method, entry.request(fixture)), caller)
        expect(res.statusCode, `${key} as ${caller}: ${res.body}`).toBe(entry.guard === 'apiKey' ? 403 : 401)
        expect(res.body, `${key} as ${caller}`).not.toContain('"field"')
      }
    })
  }
})

describe('what each caller may read (DESIGN.md section 7)', () => {
  it('never lets one device read another’s reports or messages', async () => {
    const res = await send('GET', { url: '/api/citizen/reports' }, 'otherCitizen')
    expect(res.body).not.toContain(fixture.reportId)
    const messages = await send('GET', { url: '/api/citizen/notifications' }, 'otherCitizen')
    expect(messages.body).not.toContain(fixture.managedReportId)
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, fixture.reportId))
    expect(row?.reporter_hash).toBeTruthy()
  })

  it('shows an organisation only the reports of its categories and its own', async () => {
    const available = await send('GET', { url: '/api/org/reports/available' }, 'orgWithoutCategory')
    const managed = await send('GET', { url: '/api/org/reports/managed' }, 'orgWithoutCategory')
    const box = 'bbox=-180,-90,180,90'
    const maps = await Promise.all(
      ['available', 'managed'].map((list) =>
        send('GET', { url: `/api/org/reports/${list}/map?${box}` }, 'orgWithoutCategory'),
      ),
    )
    for (const body of [available.body, managed.body, ...maps.map((map) => map.body)]) {
      expect(body).not.toContain(fixture.reportId)
      expect(body).not.toContain(fixture.managedReportId)
    }
    const detail = await send('GET', { url: `/api/admin/reports/${fixture.reportId}` }, 'orgWithCategory')
    expect(detail.statusCode).toBe(403)
  })

  it('hides a report of another category even when another organisation holds it (404, not 409)', async () => {
    const before = await fingerprint(ctx.db.db, uploadsDir)
    const res = await send(
      'POST',
      { url: `/api/org/reports/${fixture.managedReportId}/claim` },
      'orgWithoutCategory',
    )
    expect(res.statusCode).toBe(404)
    expect(await fingerprint(ctx.db.db, uploadsDir)).toBe(before)
  })

  it('never shows a device token or its hash in a public, organisation or admin answer', async () => {
    const [row] = await ctx.db.db.select().from(reports).where(eq(reports.id, fixture.managedReportId))
    const secrets = [fixture.citizenToken, row?.reporter_hash ?? 'missing-hash']
    const answers = await Promise.all([
      send('GET', { url: '/api/reports/recent' }, 'anonymous'),
      send('GET', { url: '/api/reports/map?bbox=-17.6,14.6,-17.3,14.8' }, 'anonymous'),
      send('GET', { url: `/api/reports/track/${fixture.code}` }, 'anonymous'),
      send('GET', { url: '/api/org/reports/managed' }, 'orgWithCategory'),
      send('GET', { url: `/api/admin/reports/${fixture.managedReportId}` }, 'admin'),
      send('GET', { url: '/api/admin/reports/export.csv' }, 'admin'),
      send(
        'GET',
        { url: `/api/reports/nearby?categoryId=${fixture.categoryId}&lat=14.7&lon=-17.45` },
        'anonymous',
      ),
      send('GET', { url: '/open311/v2/requests.json' }, 'anonymous'),
      send('GET', { url: `/open311/v2/requests/${fixture.managedReportId}.json` }, 'anonymous'),
    ])
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      for (const secret of secrets) expect(answer.body).not.toContain(secret)
    }
  })
})
